/**
 * Ghost's JSON export: posts with `html`, `lexical` or `mobiledoc` (HTML turned into Markdown
 * with the site's one converter, app/lib/html-to-markdown.ts; the sanitiser of the article pipeline runs at save, as for
 * every article), tags (the first public one is the category), users as authors, the feature
 * image as the cover, the canonical URL, and pages (posts of type "page", or a `pages` array) as
 * site pages.
 */
import { slugify } from "~/lib/content";
import { htmlToMarkdown } from "~/lib/html-to-markdown";
import {
  canonical,
  date,
  ImportFileError,
  isRecord,
  type SourceArticle,
  type SourcePage,
  text,
} from "./import-types.server";

/** Deeper than any document Ghost's editor writes (a list in a list in a list… is a few levels each). */
export const MAX_LEXICAL_DEPTH = 100;

/** Why a Lexical document cannot be read (not JSON, no root, a node that is not one, too deep), or null. */
function lexicalProblem(root: unknown): string | null {
  if (!isRecord(root)) return "it has no root node";
  // Walked without recursion: a document nested thousands of levels deep is refused, not a crash.
  const stack: [Record<string, unknown>, number][] = [[root, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    if (node.children === undefined || node.children === null) continue;
    if (!Array.isArray(node.children)) return "a node's children are not a list";
    if (node.children.length > 0 && depth >= MAX_LEXICAL_DEPTH)
      return `it is nested more than ${MAX_LEXICAL_DEPTH} levels deep`;
    for (const child of node.children) {
      if (!isRecord(child)) return "a node is not an object";
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

type Body = { markdown: string } | { problem: string };

/** h1 … h6 (the tag of a heading node); 2 for anything else. */
const headingLevel = (tag: string) => {
  const level = Number(tag.slice(1));
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
};

/** Ghost's Lexical documents without HTML: headings, paragraphs, lists, quotes, code, images as Markdown. */
function lexicalToMarkdown(document: string): Body {
  let root: unknown;
  try {
    root = (JSON.parse(document) as { root?: unknown } | null)?.root;
  } catch {
    return { problem: "its Lexical document is not valid JSON" };
  }
  const problem = lexicalProblem(root);
  if (problem) return { problem: `its Lexical document cannot be read: ${problem}` };
  // lexicalProblem checked the shape: every node an object, children lists, at most MAX_LEXICAL_DEPTH deep.
  type Node = Record<string, unknown>;
  const string = (value: unknown) => (typeof value === "string" ? value : "");
  const children = (node: Node) => (Array.isArray(node.children) ? (node.children as Node[]) : []);
  const inline = (node: Node): string =>
    node.type === "text"
      ? string(node.text)
      : node.type === "link"
        ? `[${children(node).map(inline).join("")}](${string(node.url)})`
        : children(node).map(inline).join("");
  const block = (node: Node): string => {
    switch (node.type) {
      case "heading":
        return `${"#".repeat(headingLevel(string(node.tag)))} ${inline(node)}`;
      case "quote":
        return `> ${inline(node)}`;
      case "list":
        return children(node)
          .map((item) => `- ${inline(item)}`)
          .join("\n");
      case "codeblock":
        return `\`\`\`\n${inline(node)}\n\`\`\``;
      case "image":
        return string(node.src) ? `![](${string(node.src)})` : "";
      default:
        return inline(node);
    }
  };
  return {
    markdown: children(root as Node)
      .map(block)
      .filter(Boolean)
      .join("\n\n"),
  };
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

type Row = Record<string, unknown>;
type Named = { id: string; name: string };
type Link = { postId: string; targetId: string; sortOrder: number };

const refused = (reason: string) => new ImportFileError(`Refused: this is not a valid Ghost export (${reason}).`);

/** An id as Ghost writes it: a string (an integer in exports of Ghost 0.x); null for anything else. */
const idOf = (value: unknown): string | null =>
  typeof value === "string" && value
    ? value
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : null;

/** `data[key]`, a list of objects (none when absent); refused when it is anything else. */
function rows(data: Row, key: string): Row[] {
  const value = data[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw refused(`"${key}" is not a list`);
  const bad = value.findIndex((item) => !isRecord(item));
  if (bad >= 0) throw refused(`${key}[${bad}] is not an object`);
  return value as Row[];
}

/** Tags or users: each with an id and a name. */
function named(data: Row, key: "tags" | "users"): Named[] {
  return rows(data, key).map((row, index) => {
    const id = idOf(row.id);
    if (id === null) throw refused(`${key}[${index}] has no id`);
    if (typeof row.name !== "string") throw refused(`the name of ${key}[${index}] is not text`);
    return { id, name: row.name };
  });
}

/** posts_tags or posts_authors: each row links a post to a tag or an author. */
function links(data: Row, key: "posts_tags" | "posts_authors", target: "tag_id" | "author_id"): Link[] {
  return rows(data, key).map((row, index) => {
    const postId = idOf(row.post_id);
    const targetId = idOf(row[target]);
    if (postId === null || targetId === null) throw refused(`${key}[${index}] has no post_id or ${target}`);
    return { postId, targetId, sortOrder: typeof row.sort_order === "number" ? row.sort_order : 0 };
  });
}

/** Ghost writes its own address as __GHOST_URL__ in newer exports: here it is the site's root. */
const local = (value: string) => value.replaceAll("__GHOST_URL__", "");

/** A post's body as Markdown: its HTML when there is some, else its Lexical or Mobiledoc document. */
function ghostMarkdown(post: Row): Body {
  const html = text(post.html);
  if (html) {
    try {
      return { markdown: local(htmlToMarkdown(html)) };
    } catch (error) {
      // HTML nested thousands of elements deep exhausts the converter's stack.
      if (error instanceof RangeError) return { problem: "its HTML is nested too deeply to convert" };
      throw error;
    }
  }
  const lexical = text(post.lexical);
  if (lexical) {
    const body = lexicalToMarkdown(lexical);
    return "markdown" in body ? { markdown: local(body.markdown) } : body;
  }
  if (text(post.mobiledoc)) return { markdown: local(mobiledocToMarkdown(String(post.mobiledoc))) };
  return { markdown: text(post.plaintext) ?? "" };
}

const isPage = (post: Row) => post.type === "page" || post.page === true || post.page === 1;

export type GhostContent = { articles: SourceArticle[]; pages: SourcePage[]; problems: string[] };

/**
 * Ghost's posts become articles; its pages (type "page", or the `pages` array) site pages. `data`
 * is the export's `db[0].data`: its lists are checked first (a list that is not one, an item that
 * is not an object, a tag without a name: ImportFileError, nothing imported). A post whose body
 * cannot be read comes in without one, and the preview says so (problems).
 */
export function ghostContent(data: Row): GhostContent {
  const tags = new Map(named(data, "tags").map((tag) => [tag.id, tag.name]));
  const users = new Map(named(data, "users").map((user) => [user.id, user.name]));
  const byPost = (list: Link[]) => {
    const map = new Map<string, Link[]>();
    for (const row of [...list].sort((a, b) => a.sortOrder - b.sortOrder)) {
      map.set(row.postId, [...(map.get(row.postId) ?? []), row]);
    }
    return map;
  };
  const postTags = byPost(links(data, "posts_tags", "tag_id"));
  const postAuthors = byPost(links(data, "posts_authors", "author_id"));
  const content: GhostContent = { articles: [], pages: [], problems: [] };
  const posts: Row[] = [...rows(data, "posts"), ...rows(data, "pages").map((page) => ({ ...page, type: "page" }))];
  for (const post of posts) {
    const title = text(post.title) ?? "Untitled";
    const id = idOf(post.id) ?? idOf(post.uuid) ?? idOf(post.slug);
    if (id === null) throw refused(`the post "${title}" has no id`);
    const slug = slugify(text(post.slug) ?? title) || slugify(title);
    /** The body as Markdown; one that cannot be read is empty, and the preview says why. */
    const markdownOf = (what: string) => {
      const body = ghostMarkdown(post);
      if ("markdown" in body) return body.markdown;
      content.problems.push(`The ${what} "${title}" is imported without its body (${body.problem}).`);
      return "";
    };
    if (isPage(post)) {
      // A site page has no draft state: only what readers could see at the source comes in.
      if (post.status !== "published") {
        content.problems.push(`The draft page "${title}" is not imported (site pages are always public).`);
        continue;
      }
      const markdown = markdownOf("page");
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
      .map((row) => tags.get(row.targetId))
      .filter((name): name is string => !!name && !name.startsWith("#"));
    const authorId = postAuthors.get(id)?.[0]?.targetId ?? idOf(post.author_id);
    const cover = text(post.feature_image);
    content.articles.push({
      source: "ghost",
      sourceId: id,
      title,
      slug,
      markdown: markdownOf("post"),
      excerpt: text(post.custom_excerpt) ?? text(post.excerpt),
      status: post.status === "published" ? "published" : "draft",
      publishedAt: post.status === "published" ? date(post.published_at) : null,
      updatedAt: date(post.updated_at),
      tags: tagNames,
      category: tagNames[0] ?? null,
      author: authorId ? (users.get(authorId) ?? null) : null,
      cover: cover ? local(cover) : null,
      // Set only when the post was first published elsewhere (an address on the Ghost site itself,
      // __GHOST_URL__/…, is relative here: not kept).
      canonicalUrl: canonical(local(text(post.canonical_url) ?? "")),
      oldPaths: [`/${text(post.slug) ?? slug}`],
      folder: "",
    });
  }
  return content;
}
