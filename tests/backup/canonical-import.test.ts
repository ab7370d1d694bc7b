/**
 * Canonical URLs through exports and imports (issue 42, item 5): dev.to's and Ghost's
 * `canonical_url`, Hugo's `canonicalURL` and this site's own export's `canonical_url` are kept
 * when they name another page; the source's own address of the article (what dev.to's API gives
 * every article, what this site's export writes for a published one) is none. A different
 * canonical URL makes an article of the same text "changed", not "unchanged".
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import yazl from "yazl";
import { afterAll, describe, expect, it } from "vitest";
import { createArticle, updateArticle } from "~/articles/save-article.server";
import { getEditorState } from "~/articles/pending-changes.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { exportToFile } from "~/backup/export-command.server";
import { planImport } from "~/backup/import-plan.server";
import { rollbackRun } from "~/backup/import-rollback.server";
import { applyImport } from "~/backup/import.server";
import { readImportSource, splitFrontMatter } from "~/backup/import-sources.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { articles } from "~/db/schema";
import { env } from "~/env.server";
import type { ArticleInput } from "~/lib/article-schema";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const FIXTURES = path.resolve("tests/fixtures/imports");
const ACTOR = { id: null, fullName: "npm run import" } as const;
const BLOG = "https://writer.example/blog/cross-posted-on-dev-to/";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dp-canonical-import-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function zipOf(file: string, entries: Record<string, string>) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  await new Promise<void>((resolve) => zip.outputStream.pipe(fs.createWriteStream(file)).on("close", () => resolve()));
  return file;
}

function json(name: string, value: unknown) {
  const file = path.join(work, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

async function importFile(file: string, policy: "rename" | "skip" | "overwrite" = "rename") {
  const source = await readImportSource(file);
  const plan = await planImport(source, policy);
  return { source, plan, report: await applyImport(source, plan, ACTOR, path.basename(file)) };
}

const canonicalOf = (source: Awaited<ReturnType<typeof readImportSource>>) =>
  Object.fromEntries(source.articles.map((article) => [article.slug, article.canonicalUrl]));

describe.each(testDatabaseKinds())("canonical URLs in imports on %s", (kind) => {
  let handle: DatabaseHandle;
  const stored = async (slug: string) =>
    (await handle.db.select({ url: articles.canonicalUrl }).from(articles).where(eq(articles.slug, slug)))[0]?.url;

  it("a dev.to article cross-posted from its author's blog keeps that address; dev.to's own is none", async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    const devto = (id: number, slug: string, extra: Record<string, unknown>) => ({
      type_of: "article",
      id,
      title: slug.replace(/-/g, " "),
      description: "",
      published: true,
      published_at: "2024-05-01T10:00:00Z",
      slug: `${slug}-a1b2`,
      path: `/writer/${slug}-a1b2`,
      url: `https://dev.to/writer/${slug}-a1b2`,
      body_markdown: `About ${slug}.`,
      tag_list: ["web"],
      user: { name: "Dev Writer" },
      ...extra,
    });
    const file = json(`${kind}-devto.json`, [
      devto(1, "cross-posted-on-dev-to", { canonical_url: BLOG }),
      // The API names every article's own page its canonical URL.
      devto(2, "written-on-dev-to", { canonical_url: "https://dev.to/writer/written-on-dev-to-a1b2" }),
      // dev.to's export: null unless set; the older editor's front matter may set it.
      devto(3, "front-matter-canonical", {
        canonical_url: null,
        body_markdown: "---\ntitle: Front matter canonical\ncanonical_url: https://writer.example/fm\n---\n\nBody.",
      }),
      devto(4, "export-without-canonical", { canonical_url: null, url: undefined }),
      devto(5, "not-a-url", { canonical_url: "writer.example/no-scheme" }),
    ]);
    const { source, report } = await importFile(file);
    expect(canonicalOf(source)).toEqual({
      "cross-posted-on-dev-to": BLOG,
      "written-on-dev-to": null,
      "front-matter-canonical": "https://writer.example/fm",
      "export-without-canonical": null,
      "not-a-url": null,
    });
    expect(report.failed).toEqual([]);
    expect(await stored("cross-posted-on-dev-to")).toBe(BLOG);
    expect(await stored("written-on-dev-to")).toBeNull();
    expect(await stored("front-matter-canonical")).toBe("https://writer.example/fm");
    // The repository's dev.to fixture: the API's own address, so none.
    const fixture = await readImportSource(path.join(FIXTURES, "devto-articles.json"));
    expect(fixture.articles.map((article) => article.canonicalUrl)).toEqual([null, null]);
    // Imported again: already here.
    expect((await importFile(file)).report.created).toEqual([]);
    await handle.close();
  });

  it("Ghost's canonical_url and Hugo's canonicalURL are kept; one naming this site's own article address is none", async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    const post = (id: string, slug: string, canonical_url: unknown) => ({
      id,
      title: `Ghost ${slug}`,
      slug,
      html: `<p>About ${slug}.</p>`,
      status: "published",
      published_at: "2024-02-01T09:00:00.000Z",
      canonical_url,
    });
    const ghost = json(`${kind}-ghost.json`, {
      db: [
        {
          meta: {},
          data: {
            posts: [
              post("g1", "first-on-medium", "https://medium.example/@writer/first-on-medium-123"),
              post("g2", "no-canonical", null),
              // An address on the Ghost site itself (relative once __GHOST_URL__ is the root): none.
              post("g3", "ghost-internal", "__GHOST_URL__/another-post/"),
              // This site's own address for the article: none.
              post("g4", "already-here", `${env().SITE_URL}/post/already-here`),
            ],
          },
        },
      ],
    });
    const { source } = await importFile(ghost);
    expect(canonicalOf(source)).toMatchObject({
      "first-on-medium": "https://medium.example/@writer/first-on-medium-123",
      "no-canonical": null,
      "ghost-internal": null,
    });
    expect(await stored("first-on-medium")).toBe("https://medium.example/@writer/first-on-medium-123");
    expect(await stored("no-canonical")).toBeNull();
    expect(await stored("already-here")).toBeNull();

    const hugo = await zipOf(path.join(work, `${kind}-hugo.zip`), {
      "content/posts/papermod.md":
        "---\ntitle: PaperMod Post\ncanonicalURL: https://old-blog.example/posts/papermod/\n---\n\nBody.",
      // Hugo reads front matter keys in any case; Jekyll and Astro write canonical_url / canonicalUrl.
      "content/posts/lower.md": "---\ntitle: Lower Case\ncanonicalurl: https://old-blog.example/lower\n---\n\nBody.",
      "content/posts/jekyll.md": "---\ntitle: Jekyll\ncanonical_url: https://old-blog.example/jekyll\n---\n\nBody.",
      "content/posts/plain.md": "---\ntitle: Plain\n---\n\nBody.",
      "content/posts/relative.md": "---\ntitle: Relative\ncanonicalURL: /posts/relative/\n---\n\nBody.",
    });
    const read = await importFile(hugo);
    expect(canonicalOf(read.source)).toEqual({
      papermod: "https://old-blog.example/posts/papermod/",
      lower: "https://old-blog.example/lower",
      jekyll: "https://old-blog.example/jekyll",
      plain: null,
      relative: null,
    });
    expect(await stored("papermod")).toBe("https://old-blog.example/posts/papermod/");
    expect(await stored("plain")).toBeNull();
    await handle.close();
  });
});

describe.each(testDatabaseKinds())("canonical URLs through this site's export on %s", (kind) => {
  const input = (slug: string, canonicalUrl: string | null): ArticleInput => ({
    title: `Round trip ${slug}`,
    slug,
    content: `## Round trip\n\nThe body of ${slug}.\n`,
    excerpt: null,
    imageUrl: null,
    canonicalUrl,
    categoryId: null,
    featured: false,
  });

  it("export writes it and import reads it back; a different one here is a change, rolled back with the rest", async () => {
    const source = await openTestDatabase(kind);
    const target = await openTestDatabase(kind);
    try {
      setDatabaseHandle(source);
      const { userId } = await createOrPromoteAdmin({ email: "a@example.com", password: "secret12", fullName: "A" });
      for (const [slug, url] of [
        ["syndicated", BLOG],
        ["original", null],
      ] as const) {
        expect((await createArticle({ userId, input: input(slug, url) })).status).toBe("saved");
      }
      expect((await createArticle({ userId, input: input("draft-elsewhere", BLOG), intent: "draft" })).status).toBe(
        "saved",
      );
      const file = path.join(work, `${kind}-export.zip`);
      // Exported under another address than this test's SITE_URL: a site moving to a new domain.
      await exportToFile(file, "https://old-domain.example", ACTOR);
      const read = await readImportSource(file);
      const front = (slug: string) =>
        splitFrontMatter(read.files.get(`articles/${slug}.md`)!.toString("utf8"), slug).front.canonical_url;
      expect(front("syndicated")).toBe(BLOG);
      // A published article's own page there, for other platforms that read the file.
      expect(front("original")).toBe("https://old-domain.example/post/original");
      expect(front("draft-elsewhere")).toBe(BLOG);
      // Read back: the exporting site's own address is none.
      expect(canonicalOf(read)).toEqual({ syndicated: BLOG, original: null, "draft-elsewhere": BLOG });

      // Into a fresh site.
      setDatabaseHandle(target);
      const { report } = await importFile(file);
      expect(report.failed).toEqual([]);
      const storedHere = async (slug: string) =>
        (await target.db.select({ url: articles.canonicalUrl }).from(articles).where(eq(articles.slug, slug)))[0]?.url;
      expect(await storedHere("syndicated")).toBe(BLOG);
      expect(await storedHere("original")).toBeNull();
      expect(await storedHere("draft-elsewhere")).toBe(BLOG);

      // Into the site it came from: the same content, unchanged whatever the policy.
      setDatabaseHandle(source);
      for (const policy of ["rename", "skip", "overwrite"] as const) {
        expect((await planImport(read, policy)).counts, policy).toMatchObject({ unchanged: 3, conflicts: 0 });
      }
      // Its canonical URL changed here since: the article is changed (a conflict), not unchanged.
      const [row] = await source.db.select({ id: articles.id }).from(articles).where(eq(articles.slug, "syndicated"));
      const version = (await getEditorState(row!.id))!.version;
      const moved = "https://writer.example/blog/moved/";
      expect((await updateArticle({ id: row!.id, userId, version, input: input("syndicated", moved) })).status).toBe(
        "saved",
      );
      const conflicted = await planImport(read, "skip");
      expect(conflicted.counts).toMatchObject({ unchanged: 2, conflicts: 1, skip: 1 });
      expect(conflicted.items.find((item) => item.action === "skip")?.slug).toBe("syndicated");
      // Overwritten by the export: its canonical URL comes back; a roll back restores this one.
      const overwrite = await planImport(read, "overwrite");
      const applied = await applyImport(read, overwrite, ACTOR, path.basename(file));
      expect(applied.failed).toEqual([]);
      const storedThere = async () =>
        (
          await source.db.select({ url: articles.canonicalUrl }).from(articles).where(eq(articles.slug, "syndicated"))
        )[0]?.url;
      expect(await storedThere()).toBe(BLOG);
      expect((await rollbackRun(applied.runId, ACTOR)).status).toBe("rolled-back");
      expect(await storedThere()).toBe(moved);
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);
});
