/**
 * Reading what an import brings: a zip or a folder of Markdown files with front matter (Hugo,
 * Jekyll, Astro, Eleventy, Hashnode's GitHub backup, this site's own export), a Ghost JSON export
 * (import-ghost.server.ts), or a dev.to export. Everything becomes `SourceArticle`s (and the site
 * pages of Ghost and of this site's own export, `pages/{slug}.md`, `SourcePage`s); nothing is
 * written here. Archives and folders are read with the limits
 * of import-archive.server.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { slugify } from "~/lib/content";
import { postHref } from "~/lib/urls";
import { readFolder, readZip } from "./import-archive.server";
import { ghostContent } from "./import-ghost.server";
import {
  canonical,
  date,
  frontMatterList,
  ImportFileError,
  type ImportSource,
  isRecord,
  list,
  pathOf,
  type SourceArticle,
  type SourceFiles,
  type SourceKind,
  type SourcePage,
  text,
} from "./import-types.server";

/** The largest file the command line reads (the admin panel takes IMPORT_UPLOAD_MAX_BYTES). */
export const MAX_IMPORT_FILE_BYTES = 200 * 1024 * 1024;

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * NUL characters (U+0000) never come in: PostgreSQL's text cannot hold one, and a page should not
 * show one. Every text of an import enters through one of two doors, both here: a Markdown file
 * (`fileText`) or a JSON file (`parseJson`: Ghost, dev.to, a manifest). Cleaning them there, before
 * anything is read, covers every title, body, tag, slug and name of every source, and lets each
 * reader's own fallbacks (Untitled, no excerpt, no empty tag) apply to what is left.
 */
const withoutNul = (value: string) => (value.includes("\0") ? value.replaceAll("\0", "") : value);

/** A Markdown file's text (UTF-8), without NUL characters. */
const fileText = (bytes: Buffer) => withoutNul(bytes.toString("utf8"));

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

/**
 * Front matter's canonical URL: `canonical_url` (this site's export, Jekyll, dev.to's editor),
 * Hugo's `canonicalURL` (Hugo reads keys in any case), `canonicalUrl`.
 */
function frontCanonical(front: Record<string, unknown>): unknown {
  const key = Object.keys(front).find((name) => /^canonical[_-]?url$/i.test(name));
  return key === undefined ? undefined : front[key];
}

/**
 * The articles of Markdown files. `site`: the address of the site whose export this is (its
 * manifest's), where the export names each published article's own page as its canonical URL.
 */
function markdownArticles(files: SourceFiles, kind: SourceKind, site: string | null = null): SourceArticle[] {
  const result: SourceArticle[] = [];
  for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/\.(md|markdown|mdx)$/i.test(name)) continue;
    if (kind === "devperspective" && !name.startsWith("articles/")) continue;
    if (/(^|\/)(readme|license|changelog)\.md$/i.test(name) && kind === "markdown") continue;
    const { front, body } = splitFrontMatter(fileText(bytes), name);
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
    const categories = frontMatterList(front.categories ?? front.category);
    const tags = frontMatterList(front.tags);
    const aliases = [...frontMatterList(front.aliases), ...(text(front.url) ? [String(front.url)] : [])]
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
      canonicalUrl: canonical(frontCanonical(front), site ? `${site.replace(/\/+$/, "")}${postHref(slug)}` : null),
      oldPaths: aliases,
      folder: path.posix.dirname(name) === "." ? "" : path.posix.dirname(name),
      categorySlug: text(front.category_slug),
      authorSlug: text(front.author_slug),
      featured: front.featured === true,
    });
  }
  return result;
}

/** The site pages of this site's own export: `pages/{slug}.md` (title, slug, updated; the body). */
function exportedPages(files: SourceFiles): SourcePage[] {
  const result: SourcePage[] = [];
  for (const [name, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^pages\/[^/]+\.md$/.test(name)) continue;
    const { front, body } = splitFrontMatter(fileText(bytes), name);
    const fromName = path.posix.basename(name, ".md");
    const title = text(front.title) ?? fromName.replace(/-/g, " ");
    result.push({
      source: "devperspective",
      sourceId: name,
      title,
      slug: slugify(text(front.slug) ?? fromName) || slugify(title),
      markdown: body,
      updatedAt: date(front.updated),
      folder: "pages",
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
    // dev.to's API names every article's own page its canonical URL (its export: null unless set).
    const ownUrl = text(item.url) ?? (pathOf(item.path) ? `https://dev.to${pathOf(item.path)}` : null);
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
      canonicalUrl: canonical(item.canonical_url, ownUrl) ?? canonical(frontCanonical(front), ownUrl),
      oldPaths: oldPath ? [oldPath] : [],
      folder: "",
    };
  });
}

/** The `db[0].data` of what looks like Ghost's export (it has a list of posts or pages), or null. */
function ghostDataOf(json: unknown): Record<string, unknown> | null {
  const ghost = (json as { db?: { data?: unknown }[] })?.db?.[0]?.data ?? (json as { data?: unknown })?.data;
  return isRecord(ghost) && (Array.isArray(ghost.posts) || Array.isArray(ghost.pages)) ? ghost : null;
}

/** The articles of dev.to's export (each an object with body_markdown and title), or null. */
function devtoItemsOf(json: unknown): Record<string, unknown>[] | null {
  const devto = Array.isArray(json) ? json : (json as { articles?: unknown })?.articles;
  return Array.isArray(devto) && devto.every((item) => isRecord(item) && "body_markdown" in item && "title" in item)
    ? (devto as Record<string, unknown>[])
    : null;
}

/** Reads JSON as Ghost's or dev.to's export; anything else is refused. */
function jsonSource(json: unknown): ImportSource {
  const ghost = ghostDataOf(json);
  if (ghost) {
    const { articles, pages, problems } = ghostContent(ghost);
    return { kind: "ghost", articles, pages, files: new Map(), problems };
  }
  const devto = devtoItemsOf(json);
  if (devto) {
    return {
      kind: "devto",
      articles: devtoArticles(devto),
      pages: [],
      files: new Map(),
      problems: [],
    };
  }
  throw new ImportFileError(
    "Refused: this JSON is not a known export (Ghost's export with db[0].data.posts, or dev.to's articles with body_markdown).",
  );
}

/** A JSON file, every string of it without NUL characters (written `\u0000` in JSON). */
function parseJson(bytes: Buffer, name: string): unknown {
  const json = bytes.toString("utf8");
  try {
    return json.includes("\\u0000")
      ? JSON.parse(json, (_key, value: unknown) => (typeof value === "string" ? withoutNul(value) : value))
      : JSON.parse(json);
  } catch {
    throw new ImportFileError(`Refused: ${name} is not valid JSON.`);
  }
}

/** What the files of a zip or folder hold: one JSON export, or Markdown files (maybe this site's export). */
function filesSource(files: SourceFiles): ImportSource {
  // An archive holding one JSON export (Ghost and dev.to zip theirs).
  const markdownCount = [...files.keys()].filter((name) => /\.(md|markdown|mdx)$/i.test(name)).length;
  if (markdownCount === 0) {
    const json = [...files.keys()].filter((name) => name.endsWith(".json"));
    for (const name of json) {
      let parsed: unknown;
      try {
        parsed = parseJson(files.get(name)!, name);
      } catch {
        continue; // not this one
      }
      // The first export found is read (or refused, with its reason).
      if (ghostDataOf(parsed) || devtoItemsOf(parsed)) return { ...jsonSource(parsed), files };
    }
    throw new ImportFileError("Refused: nothing to import (no Markdown files and no known JSON export).");
  }
  let kind: SourceKind = "markdown";
  /** The exporting site's address (this site's own export says it). */
  let site: string | null = null;
  const manifest = files.get("manifest.json");
  if (manifest) {
    const parsed = parseJson(manifest, "manifest.json");
    if (!isRecord(parsed)) throw new ImportFileError("Refused: manifest.json is not an export's manifest (an object).");
    if (parsed.format === "devperspective-export") {
      if (Number(parsed.formatVersion ?? 0) > 1) {
        throw new ImportFileError(
          "Refused: this export was written by a newer version of DevPerspective: upgrade first.",
        );
      }
      kind = "devperspective";
      site = text(parsed.site);
    }
  }
  const pages = kind === "devperspective" ? exportedPages(files) : [];
  return { kind, articles: markdownArticles(files, kind, site), pages, files, problems: [] };
}

const isZip = (head: Buffer) => head.toString("latin1", 0, 2) === "PK";

/** Reads the bytes of an uploaded file (a .json or a .zip) into articles and the files they reference. */
export async function readImportBuffer(bytes: Buffer, name = "the file"): Promise<ImportSource> {
  if (!isZip(bytes)) return jsonSource(parseJson(bytes, name));
  return filesSource(await readZip(bytes));
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
  if (stat.isDirectory()) return filesSource(readFolder(file));
  if (stat.size > MAX_IMPORT_FILE_BYTES) throw new ImportFileError("Refused: the file is larger than 200 MB.");
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, "r");
  fs.readSync(fd, head, 0, 4, 0);
  fs.closeSync(fd);
  if (!isZip(head)) return jsonSource(parseJson(fs.readFileSync(file), path.basename(file)));
  return filesSource(await readZip(file));
}
