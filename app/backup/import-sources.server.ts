/**
 * Reading what an import brings: a zip or a folder of Markdown files with front matter (Hugo,
 * Jekyll, Astro, Eleventy, Hashnode's GitHub backup, this site's own export), a Ghost JSON export,
 * or a dev.to export. Everything becomes `SourceArticle`s; nothing is written here.
 *
 * Archives and folders are read with limits, and any breach refuses the whole file (an import
 * then imports nothing): paths that climb out (`..`) or are absolute, links, more than
 * MAX_FILES files, a file over the upload limit, more than MAX_TOTAL_BYTES in all, or a
 * compression ratio that only a zip bomb has.
 */
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import yauzl from "yauzl";
import { slugify } from "~/lib/content";
import { htmlToMarkdown } from "~/lib/html-to-markdown";
import { MAX_UPLOAD_BYTES } from "~/media/media.server";

export const MAX_FILES = 5000;
export const MAX_TOTAL_BYTES = 200 * 1024 * 1024;
export const MAX_IMPORT_FILE_BYTES = 200 * 1024 * 1024;
const MAX_RATIO = 200;

export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

export type SourceKind = "ghost" | "devto" | "markdown" | "devperspective";

export type SourceArticle = {
  source: SourceKind;
  /** The post's id or file path at the source: importing it again finds it. */
  sourceId: string;
  title: string;
  slug: string;
  markdown: string;
  excerpt: string | null;
  status: "published" | "draft";
  publishedAt: Date | null;
  updatedAt: Date | null;
  tags: string[];
  category: string | null;
  author: string | null;
  /** The slugs they had at the source, when it says (this site's own export). */
  categorySlug?: string | null;
  authorSlug?: string | null;
  featured?: boolean;
  cover: string | null;
  /** Old paths on the source site that should answer 301 to the article here. */
  oldPaths: string[];
  /** Where relative image paths are resolved (a folder inside the archive). */
  folder: string;
};

/** Files of an archive or folder: relative path → bytes. */
export type SourceFiles = Map<string, Buffer>;

export type ImportSource = { kind: SourceKind; articles: SourceArticle[]; files: SourceFiles; problems: string[] };

// ---------------------------------------------------------------------------------------------
// Safe reading of archives and folders

function checkName(name: string): string {
  if (name.includes("\\") || name.includes("\0"))
    throw new ImportFileError(`Refused: the path "${name}" is not allowed.`);
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) {
    throw new ImportFileError(`Refused: the archive holds an absolute path ("${name}").`);
  }
  const parts = name.split("/");
  if (parts.includes("..")) throw new ImportFileError(`Refused: the path "${name}" climbs out of the archive.`);
  return parts.filter((part) => part !== "" && part !== ".").join("/");
}

export async function readZip(file: string): Promise<SourceFiles> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, opened) =>
      error || !opened ? reject(error) : resolve(opened),
    ),
  ).catch((error: Error) => {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(`Refused: the file is not a readable zip (${error.message}).`);
  });
  const files: SourceFiles = new Map();
  let total = 0;
  let count = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (error: Error) =>
        reject(
          error instanceof ImportFileError
            ? error
            : /relative path|absolute path/.test(error.message)
              ? new ImportFileError(
                  `Refused: the archive holds a path that climbs out of it or is absolute (${error.message}).`,
                )
              : new ImportFileError(`Refused: ${error.message}.`),
        ),
      );
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        try {
          const name = checkName(entry.fileName);
          const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
          if (mode === 0o120000) throw new ImportFileError(`Refused: the archive holds a link ("${entry.fileName}").`);
          if (entry.fileName.endsWith("/")) {
            zip.readEntry();
            return;
          }
          if (++count > MAX_FILES)
            throw new ImportFileError(`Refused: the archive holds more than ${MAX_FILES} files.`);
          if (entry.uncompressedSize > MAX_UPLOAD_BYTES) {
            throw new ImportFileError(`Refused: "${name}" is larger than the upload limit.`);
          }
          total += entry.uncompressedSize;
          if (total > MAX_TOTAL_BYTES) throw new ImportFileError("Refused: the archive unpacks to more than 200 MB.");
          if (
            entry.compressedSize > 0 &&
            entry.uncompressedSize / entry.compressedSize > MAX_RATIO &&
            entry.uncompressedSize > 1024 * 1024
          ) {
            throw new ImportFileError(`Refused: "${name}" is compressed like a zip bomb.`);
          }
          zip.openReadStream(entry, (error, stream) => {
            if (error || !stream) return reject(new ImportFileError(`Refused: "${name}" cannot be read.`));
            const chunks: Buffer[] = [];
            let read = 0;
            stream.on("data", (chunk: Buffer) => {
              read += chunk.byteLength;
              if (read > entry.uncompressedSize) {
                stream.destroy();
                reject(new ImportFileError(`Refused: "${name}" is larger than the archive says.`));
                return;
              }
              chunks.push(chunk);
            });
            stream.on("error", (streamError: Error) => reject(new ImportFileError(`Refused: ${streamError.message}.`)));
            stream.on("end", () => {
              files.set(name, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        } catch (error) {
          reject(error);
        }
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}

export function readFolder(root: string): SourceFiles {
  const files: SourceFiles = new Map();
  let total = 0;
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) throw new ImportFileError(`Refused: the folder holds a link ("${name}").`);
      if (entry.isDirectory()) {
        if (entry.name.startsWith(".")) continue;
        walk(full, name);
      } else if (entry.isFile()) {
        const size = fs.statSync(full).size;
        if (files.size >= MAX_FILES)
          throw new ImportFileError(`Refused: the folder holds more than ${MAX_FILES} files.`);
        if (size > MAX_UPLOAD_BYTES) throw new ImportFileError(`Refused: "${name}" is larger than the upload limit.`);
        total += size;
        if (total > MAX_TOTAL_BYTES) throw new ImportFileError("Refused: the folder holds more than 200 MB.");
        files.set(name, fs.readFileSync(full));
      }
    }
  };
  walk(root, "");
  return files;
}

// ---------------------------------------------------------------------------------------------
// Shapes

const date = (value: unknown): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const list = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map((item) => String(item).trim()).filter(Boolean);
  if (typeof value === "string")
    return value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  return [];
};
const pathOf = (value: unknown): string | null => {
  const raw = text(value);
  if (!raw) return null;
  try {
    const pathname = new URL(raw, "https://source.invalid").pathname.replace(/\/+$/, "");
    return pathname && pathname !== "/" ? pathname : null;
  } catch {
    return null;
  }
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Front matter and body of a Markdown file; throws ImportFileError for invalid front matter. */
export function splitFrontMatter(source: string, name: string): { front: Record<string, unknown>; body: string } {
  const trimmed = source.replace(/^\uFEFF/, "");
  if (trimmed.startsWith("+++"))
    throw new ImportFileError(`${name}: TOML front matter (+++) is not supported; use YAML (---).`);
  const match = FRONT_MATTER.exec(trimmed);
  if (!match) return { front: {}, body: trimmed };
  let front: unknown;
  try {
    front = parseYaml(match[1]!) ?? {};
  } catch (error) {
    throw new ImportFileError(`${name}: invalid front matter (${(error as Error).message.split("\n")[0]}).`);
  }
  if (typeof front !== "object" || Array.isArray(front)) throw new ImportFileError(`${name}: invalid front matter.`);
  return { front: front as Record<string, unknown>, body: match[2]!.replace(/^\r?\n/, "") };
}

function markdownArticles(files: SourceFiles, kind: SourceKind): SourceArticle[] {
  const result: SourceArticle[] = [];
  for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/\.(md|markdown|mdx)$/i.test(name)) continue;
    if (kind === "devperspective" && !name.startsWith("articles/")) continue;
    if (/(^|\/)(readme|license|changelog)\.md$/i.test(name) && kind === "markdown") continue;
    const { front, body } = splitFrontMatter(bytes.toString("utf8"), name);
    const base = path.posix.basename(name).replace(/\.(md|markdown|mdx)$/i, "");
    // Jekyll's _posts/2024-01-31-title.md; Hugo's page bundles (folder/index.md).
    const fromName = (
      base === "index" || base === "_index" ? path.posix.basename(path.posix.dirname(name)) : base
    ).replace(/^\d{4}-\d{2}-\d{2}-/, "");
    const title = text(front.title) ?? fromName.replace(/-/g, " ");
    const slug = slugify(text(front.slug) ?? fromName) || slugify(title);
    const draft =
      front.draft === true ||
      front.published === false ||
      (typeof front.status === "string" && front.status !== "published");
    const categories = list(front.categories ?? front.category);
    const tags = list(front.tags);
    const aliases = [...list(front.aliases), ...(text(front.url) ? [String(front.url)] : [])]
      .map(pathOf)
      .filter((item): item is string => item !== null);
    result.push({
      source: kind,
      sourceId: name,
      title,
      slug,
      markdown: body,
      excerpt: text(front.description) ?? text(front.brief) ?? text(front.excerpt) ?? text(front.summary),
      status: draft ? "draft" : "published",
      publishedAt: date(front.date ?? front.datePublished ?? front.publishDate ?? front.pubDate ?? front.published_at),
      updatedAt: date(front.updated ?? front.lastmod ?? front.dateUpdated),
      tags,
      category: categories[0] ?? null,
      author: text(front.author) ?? (Array.isArray(front.authors) ? text(front.authors[0]) : null),
      cover:
        text(front.cover) ??
        text(front.image) ??
        text(front.coverImage) ??
        text(front.cover_image) ??
        text(front.feature_image) ??
        text(front.heroImage) ??
        (typeof front.cover === "object" && front.cover ? text((front.cover as { image?: unknown }).image) : null),
      oldPaths: aliases,
      folder: path.posix.dirname(name) === "." ? "" : path.posix.dirname(name),
      categorySlug: text(front.category_slug),
      authorSlug: text(front.author_slug),
      featured: front.featured === true,
    });
  }
  return result;
}

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
  tags?: { id: string; name: string; slug: string }[];
  users?: { id: string; name: string; slug: string }[];
  posts_tags?: { post_id: string; tag_id: string; sort_order?: number }[];
  posts_authors?: { post_id: string; author_id: string; sort_order?: number }[];
};

function ghostArticles(data: GhostData): SourceArticle[] {
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
  const result: SourceArticle[] = [];
  for (const post of data.posts ?? []) {
    if (post.type === "page") continue;
    const id = String(post.id ?? post.uuid ?? post.slug);
    const html = text(post.html);
    const markdown = html
      ? htmlToMarkdown(html)
      : text(post.lexical)
        ? lexicalToMarkdown(String(post.lexical))
        : text(post.mobiledoc)
          ? mobiledocToMarkdown(String(post.mobiledoc))
          : (text(post.plaintext) ?? "");
    const title = text(post.title) ?? "Untitled";
    const slug = slugify(text(post.slug) ?? title) || slugify(title);
    const tagNames = (postTags.get(id) ?? [])
      .map((row) => tags.get(row.tag_id))
      .filter((name): name is string => !!name && !name.startsWith("#"));
    const authorId = postAuthors.get(id)?.[0]?.author_id ?? (post.author_id as string | undefined);
    result.push({
      source: "ghost",
      sourceId: id,
      title,
      slug,
      markdown,
      excerpt: text(post.custom_excerpt) ?? text(post.excerpt),
      status: post.status === "published" ? "published" : "draft",
      publishedAt: post.status === "published" ? date(post.published_at) : null,
      updatedAt: date(post.updated_at),
      tags: tagNames,
      category: tagNames[0] ?? null,
      author: authorId ? (users.get(authorId) ?? null) : null,
      cover: text(post.feature_image),
      oldPaths: [`/${text(post.slug) ?? slug}`],
      folder: "",
    });
  }
  return result;
}

function devtoArticles(items: Record<string, unknown>[]): SourceArticle[] {
  return items.map((item) => {
    const raw = String(item.body_markdown ?? "");
    // dev.to keeps an article's own front matter at the top of body_markdown (older editor).
    let body = raw;
    let front: Record<string, unknown> = {};
    try {
      ({ front, body } = splitFrontMatter(raw, String(item.title ?? "article")));
    } catch {
      body = raw;
    }
    const title = text(item.title) ?? text(front.title) ?? "Untitled";
    const published = item.published === true || (item.published === undefined && !!item.published_at);
    const oldPath = pathOf(item.url) ?? pathOf(item.path);
    return {
      source: "devto" as const,
      sourceId: String(item.id ?? item.slug ?? title),
      title,
      // dev.to adds a random suffix (-3k2j), or -temp-slug-123 while unpublished.
      slug: slugify(text(item.slug)?.replace(/-temp-slug-\d+$|-[a-z0-9]{4}$/, "") ?? title) || slugify(title),
      markdown: body,
      excerpt: text(item.description) ?? text(front.description),
      status: published ? ("published" as const) : ("draft" as const),
      publishedAt: published ? date(item.published_at) : null,
      updatedAt: date(item.edited_at),
      tags: list(item.tag_list ?? item.tags ?? front.tags),
      category: list(item.tag_list ?? item.tags ?? front.tags)[0] ?? null,
      author: text((item.user as { name?: unknown } | undefined)?.name),
      cover: text(item.cover_image) ?? text(item.main_image) ?? text(front.cover_image),
      oldPaths: oldPath ? [oldPath] : [],
      folder: "",
    };
  });
}

/** Reads JSON as Ghost's or dev.to's export; anything else is refused. */
function jsonSource(json: unknown): ImportSource {
  const ghost = (json as { db?: { data?: GhostData }[] })?.db?.[0]?.data ?? (json as { data?: GhostData })?.data;
  if (ghost && Array.isArray(ghost.posts))
    return { kind: "ghost", articles: ghostArticles(ghost), files: new Map(), problems: [] };
  const devto = Array.isArray(json) ? json : (json as { articles?: unknown })?.articles;
  if (
    Array.isArray(devto) &&
    devto.every((item) => typeof item === "object" && item !== null && "body_markdown" in item && "title" in item)
  ) {
    return {
      kind: "devto",
      articles: devtoArticles(devto as Record<string, unknown>[]),
      files: new Map(),
      problems: [],
    };
  }
  throw new ImportFileError(
    "Refused: this JSON is not a known export (Ghost's export with db[0].data.posts, or dev.to's articles with body_markdown).",
  );
}

function parseJson(bytes: Buffer, name: string): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ImportFileError(`Refused: ${name} is not valid JSON.`);
  }
}

/** Reads `file` (a .json, a .zip, or a folder) into articles and the files they may reference. */
export async function readImportSource(file: string): Promise<ImportSource> {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    throw new ImportFileError(`${file}: no such file or folder.`);
  }
  if (stat.isSymbolicLink()) stat = fs.statSync(file);
  let files: SourceFiles;
  if (stat.isDirectory()) {
    files = readFolder(file);
  } else {
    if (stat.size > MAX_IMPORT_FILE_BYTES) throw new ImportFileError("Refused: the file is larger than 200 MB.");
    const head = Buffer.alloc(4);
    const fd = fs.openSync(file, "r");
    fs.readSync(fd, head, 0, 4, 0);
    fs.closeSync(fd);
    if (head.toString("latin1", 0, 2) !== "PK") {
      return jsonSource(parseJson(fs.readFileSync(file), path.basename(file)));
    }
    files = await readZip(file);
  }
  // An archive holding one JSON export (Ghost and dev.to zip theirs).
  const markdownCount = [...files.keys()].filter((name) => /\.(md|markdown|mdx)$/i.test(name)).length;
  if (markdownCount === 0) {
    const json = [...files.keys()].filter((name) => name.endsWith(".json"));
    for (const name of json) {
      try {
        const source = jsonSource(parseJson(files.get(name)!, name));
        return { ...source, files };
      } catch {
        // not this one
      }
    }
    throw new ImportFileError("Refused: nothing to import (no Markdown files and no known JSON export).");
  }
  let kind: SourceKind = "markdown";
  const manifest = files.get("manifest.json");
  if (manifest) {
    const parsed = parseJson(manifest, "manifest.json") as { format?: string; formatVersion?: number };
    if (parsed.format === "devperspective-export") {
      if ((parsed.formatVersion ?? 0) > 1) {
        throw new ImportFileError(
          "Refused: this export was written by a newer version of DevPerspective: upgrade first.",
        );
      }
      kind = "devperspective";
    }
  }
  return { kind, articles: markdownArticles(files, kind), files, problems: [] };
}
