/**
 * A generated Ghost export for the import tests (no large file in the repository): `posts`
 * posts with HTML bodies (headings, lists, code, quotes, links, images), tags, two authors,
 * feature images, drafts, and pages (one of type "page", one in a `pages` array, one draft).
 * Images are inside the zip (content/images/…, referred to as __GHOST_URL__/content/images/…)
 * or remote on the tests' image server.
 */
import fs from "node:fs";
import yazl from "yazl";
import { numberedPng } from "./image-server";

export type GhostFixtureOptions = {
  posts: number;
  /** The tests' image server (remote images), or none. */
  remoteOrigin?: string;
  /** A prefix that makes ids and slugs unique per call. */
  prefix?: string;
};

export type GhostPost = { id: string; slug: string; title: string; html: string; status: "published" | "draft" };

export type GhostFixture = {
  json: { db: { meta: object; data: Record<string, unknown> }[] };
  posts: GhostPost[];
  pages: GhostPost[];
  /** content/images/… → bytes. */
  images: Map<string, Buffer>;
  remoteImages: string[];
};

const WORDS = ["latency", "queues", "indexes", "caches", "retries", "schemas", "tracing", "builds", "tests", "locks"];

export async function ghostFixture({ posts: count, remoteOrigin, prefix = "g" }: GhostFixtureOptions) {
  const images = new Map<string, Buffer>();
  for (let n = 0; n < 5; n++) images.set(`content/images/2024/01/figure-${n}.png`, await numberedPng(1000 + n));
  const tags = WORDS.slice(0, 6).map((word, n) => ({
    id: `${prefix}-t${n}`,
    name: `${prefix.toUpperCase()} ${word}`,
    slug: `${prefix}-${word}`,
  }));
  tags.push({ id: `${prefix}-t-internal`, name: "#internal", slug: "hash-internal" });
  const users = [
    { id: `${prefix}-u1`, name: `Ada ${prefix.toUpperCase()} Writer`, slug: `ada-${prefix}` },
    { id: `${prefix}-u2`, name: `Grace ${prefix.toUpperCase()} Editor`, slug: `grace-${prefix}` },
  ];
  const posts: GhostPost[] = [];
  const rows: Record<string, unknown>[] = [];
  const postsTags: object[] = [];
  const postsAuthors: object[] = [];
  const remoteImages: string[] = [];
  for (let i = 1; i <= count; i++) {
    const word = WORDS[i % WORDS.length]!;
    const id = `${prefix}-p${i}`;
    const slug = `${prefix}-post-${i}-${word}`;
    const title = `Post ${i} of ${prefix}: notes on ${word}`;
    let figure = "";
    if (i % 10 === 0)
      figure = `<img src="__GHOST_URL__/content/images/2024/01/figure-${(i / 10) % 5}.png" alt="Figure ${i}">`;
    else if (remoteOrigin && i % 25 === 1) {
      const src = `${remoteOrigin}/img/${i}.png`;
      remoteImages.push(src);
      figure = `<img src="${src}" alt="Remote ${i}">`;
    } else if (remoteOrigin && i === 7) figure = `<img src="${remoteOrigin}/missing.png" alt="Gone">`;
    const html = [
      `<p>Post ${i} is about <strong>${word}</strong> and <em>why it matters</em>; see <a href="https://example.com/${word}">the reference</a>.</p>`,
      `<h2>What ${word} costs</h2>`,
      `<ul><li>first point on ${word}</li><li>second point, with <code>inline code</code></li></ul>`,
      figure ? `<figure class="kg-card kg-image-card">${figure}</figure>` : "",
      `<pre><code class="language-js">const ${word} = ${i};\nconsole.log(${word});</code></pre>`,
      `<blockquote><p>A quote about ${word} number ${i}.</p></blockquote>`,
      `<p>Closing words for post ${i}.</p>`,
    ].join("");
    const status = i % 20 === 0 ? "draft" : "published";
    posts.push({ id, slug, title, html, status });
    rows.push({
      id,
      uuid: `uuid-${id}`,
      title,
      slug,
      html,
      type: "post",
      status,
      custom_excerpt: `Excerpt of post ${i}.`,
      feature_image: i % 15 === 0 ? `__GHOST_URL__/content/images/2024/01/figure-${(i / 15) % 5}.png` : null,
      published_at: status === "published" ? new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString() : null,
      updated_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    });
    postsTags.push({ post_id: id, tag_id: tags[i % 6]!.id, sort_order: 0 });
    if (i % 3 === 0) postsTags.push({ post_id: id, tag_id: `${prefix}-t-internal`, sort_order: 1 });
    postsAuthors.push({ post_id: id, author_id: users[i % 2]!.id, sort_order: 0 });
  }
  const pages: GhostPost[] = [
    {
      id: `${prefix}-pg1`,
      slug: `${prefix}-colophon`,
      title: "Colophon",
      html: "<p>How this site is <strong>made</strong>.</p>",
      status: "published",
    },
    {
      id: `${prefix}-pg2`,
      slug: `${prefix}-team`,
      title: "The team",
      html: "<p>Who writes here.</p>",
      status: "published",
    },
  ];
  rows.push({ ...pages[0], type: "page" });
  rows.push({
    id: `${prefix}-pg3`,
    slug: `${prefix}-draft-page`,
    title: "Unfinished page",
    html: "<p>x</p>",
    type: "page",
    status: "draft",
  });
  const json = {
    db: [
      {
        meta: { exported_on: Date.now(), version: "5.80.0" },
        data: {
          posts: rows,
          pages: [{ ...pages[1] }],
          tags,
          users,
          posts_tags: postsTags,
          posts_authors: postsAuthors,
        },
      },
    ],
  };
  return { json, posts, pages, images, remoteImages } satisfies GhostFixture;
}

/** The fixture as Ghost zips it: the JSON and the images folder. */
export async function writeGhostZip(file: string, fixture: GhostFixture) {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(fixture.json)), "ghost-export.json");
  for (const [name, bytes] of fixture.images) zip.addBuffer(bytes, name);
  zip.end();
  await new Promise<void>((resolve) => zip.outputStream.pipe(fs.createWriteStream(file)).on("close", () => resolve()));
  return file;
}

/**
 * The text a reader reads in `html`: this site's reading aids (heading self-links, the code
 * block's language label) left out, blocks separated by a space, inline tags dropped, entities
 * decoded, spaces collapsed.
 */
export function readableText(html: string) {
  return html
    .replace(/<a class="heading-anchor"[^>]*>.*?<\/a>/g, "")
    .replace(/<figcaption class="code-header">.*?<\/figcaption>/g, "")
    .replace(/<\/?(p|h[1-6]|li|ul|ol|pre|blockquote|figure|div|br|table|tr|td|th)\b[^>]*>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
