/**
 * Ghost's JSON export: posts with `html`, `lexical` or `mobiledoc` (HTML turned into Markdown
 * with the site's one converter, app/lib/html-to-markdown.ts; the sanitiser of the article pipeline runs at save, as for
 * every article), tags (the first public one is the category), users as authors, the feature
 * image as the cover, and pages (posts of type "page", or a `pages` array) as site pages.
 */
import { slugify } from "~/lib/content";
import { htmlToMarkdown } from "~/lib/html-to-markdown";
import { date, type SourceArticle, type SourcePage, text } from "./import-types.server";

type LexicalNode = { type?: string; text?: string; tag?: string; children?: LexicalNode[]; url?: string; src?: string };
/** Ghost's Lexical documents without HTML: headings, paragraphs, lists, quotes, code, images as Markdown. */
function lexicalToMarkdown(document: string): string {
  let root: LexicalNode;
  try {
    root = (JSON.parse(document) as { root: LexicalNode }).root;
  } catch {
    return "";
  }
  const inline = (node: LexicalNode): string =>
    node.type === "text"
      ? (node.text ?? "")
      : node.type === "link"
        ? `[${(node.children ?? []).map(inline).join("")}](${node.url})`
        : (node.children ?? []).map(inline).join("");
  const block = (node: LexicalNode): string => {
    switch (node.type) {
      case "heading":
        return `${"#".repeat(Number(node.tag?.slice(1)) || 2)} ${inline(node)}`;
      case "quote":
        return `> ${inline(node)}`;
      case "list":
        return (node.children ?? []).map((item) => `- ${inline(item)}`).join("\n");
      case "codeblock":
        return `\`\`\`\n${inline(node)}\n\`\`\``;
      case "image":
        return node.src ? `![](${node.src})` : "";
      default:
        return inline(node);
    }
  };
  return (root.children ?? []).map(block).filter(Boolean).join("\n\n");
}

/** Ghost's Mobiledoc without HTML: its Markdown cards and text sections. */
function mobiledocToMarkdown(document: string): string {
  try {
    const doc = JSON.parse(document) as { cards?: [string, { markdown?: string }][]; sections?: unknown[][] };
    const parts: string[] = [];
    for (const section of doc.sections ?? []) {
      if (section[0] === 10) {
        const card = doc.cards?.[section[1] as number];
        if (card?.[0] === "markdown" && card[1].markdown) parts.push(card[1].markdown);
      } else if (section[0] === 1) {
        const markers = (section[2] as unknown[][]) ?? [];
        parts.push(markers.map((marker) => String(marker[3] ?? "")).join(""));
      }
    }
    return parts.join("\n\n");
  } catch {
    return "";
  }
}

type GhostData = {
  posts?: Record<string, unknown>[];
  /** Some exports (and the Admin API) list pages apart from posts. */
  pages?: Record<string, unknown>[];
  tags?: { id: string; name: string; slug: string }[];
  users?: { id: string; name: string; slug: string }[];
  posts_tags?: { post_id: string; tag_id: string; sort_order?: number }[];
  posts_authors?: { post_id: string; author_id: string; sort_order?: number }[];
};

/** Ghost writes its own address as __GHOST_URL__ in newer exports: here it is the site's root. */
const local = (value: string) => value.replaceAll("__GHOST_URL__", "");

/** A post's body as Markdown: its HTML when there is some, else its Lexical or Mobiledoc document. */
function ghostMarkdown(post: Record<string, unknown>): string {
  const html = text(post.html);
  if (html) return local(htmlToMarkdown(html));
  if (text(post.lexical)) return local(lexicalToMarkdown(String(post.lexical)));
  if (text(post.mobiledoc)) return local(mobiledocToMarkdown(String(post.mobiledoc)));
  return text(post.plaintext) ?? "";
}

const isPage = (post: Record<string, unknown>) => post.type === "page" || post.page === true || post.page === 1;

export type GhostContent = { articles: SourceArticle[]; pages: SourcePage[]; problems: string[] };

/** Ghost's posts become articles; its pages (type "page", or the `pages` array) site pages. */
export function ghostContent(data: GhostData): GhostContent {
  const tags = new Map((data.tags ?? []).map((tag) => [tag.id, tag.name]));
  const users = new Map((data.users ?? []).map((user) => [user.id, user.name]));
  const byPost = <T extends { post_id: string; sort_order?: number }>(rows: T[] | undefined) => {
    const map = new Map<string, T[]>();
    for (const row of [...(rows ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))) {
      map.set(row.post_id, [...(map.get(row.post_id) ?? []), row]);
    }
    return map;
  };
  const postTags = byPost(data.posts_tags);
  const postAuthors = byPost(data.posts_authors);
  const content: GhostContent = { articles: [], pages: [], problems: [] };
  const posts: Record<string, unknown>[] = [
    ...(data.posts ?? []),
    ...(data.pages ?? []).map((page) => ({ ...page, type: "page" })),
  ];
  for (const post of posts) {
    const id = String(post.id ?? post.uuid ?? post.slug);
    const title = text(post.title) ?? "Untitled";
    const slug = slugify(text(post.slug) ?? title) || slugify(title);
    if (isPage(post)) {
      // A site page has no draft state: only what readers could see at the source comes in.
      if (post.status !== "published") {
        content.problems.push(`The draft page "${title}" is not imported (site pages are always public).`);
        continue;
      }
      const markdown = ghostMarkdown(post);
      content.pages.push({
        source: "ghost",
        sourceId: id,
        title,
        slug,
        markdown,
        updatedAt: date(post.updated_at),
        folder: "",
      });
      continue;
    }
    const tagNames = (postTags.get(id) ?? [])
      .map((row) => tags.get(row.tag_id))
      .filter((name): name is string => !!name && !name.startsWith("#"));
    const authorId = postAuthors.get(id)?.[0]?.author_id ?? (post.author_id as string | undefined);
    const cover = text(post.feature_image);
    content.articles.push({
      source: "ghost",
      sourceId: id,
      title,
      slug,
      markdown: ghostMarkdown(post),
      excerpt: text(post.custom_excerpt) ?? text(post.excerpt),
      status: post.status === "published" ? "published" : "draft",
      publishedAt: post.status === "published" ? date(post.published_at) : null,
      updatedAt: date(post.updated_at),
      tags: tagNames,
      category: tagNames[0] ?? null,
      author: authorId ? (users.get(authorId) ?? null) : null,
      cover: cover ? local(cover) : null,
      oldPaths: [`/${text(post.slug) ?? slug}`],
      folder: "",
    });
  }
  return content;
}
