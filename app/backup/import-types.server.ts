/**
 * What an import brings, whatever its shape (app/backup/import-sources.server.ts reads it):
 * articles, site pages, and the files they may reference. Plus the small readers of loosely
 * typed fields (front matter, JSON exports) every source shares.
 */
import { keptCanonicalUrl } from "~/lib/article-schema";

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
  /**
   * Where it was first published, when the source says it is another page than its own (dev.to's
   * and Ghost's `canonical_url`, Hugo's `canonicalURL`, this site's export's `canonical_url`).
   */
  canonicalUrl: string | null;
  /** Old paths on the source site that should answer 301 to the article here. */
  oldPaths: string[];
  /** Where relative image paths are resolved (a folder inside the archive). */
  folder: string;
};

/** Files of an archive or folder: relative path → bytes. */
export type SourceFiles = Map<string, Buffer>;

/** A site page at the source (a Ghost page): imported into the site pages, served at /{slug}. */
export type SourcePage = {
  source: SourceKind;
  sourceId: string;
  title: string;
  slug: string;
  markdown: string;
  updatedAt: Date | null;
  /** Where relative image paths are resolved. */
  folder: string;
};

export type ImportSource = {
  kind: SourceKind;
  articles: SourceArticle[];
  pages: SourcePage[];
  files: SourceFiles;
  problems: string[];
};

export const date = (value: unknown): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};
export const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;
/**
 * A canonical URL the source gives: an absolute http(s) address, else none; none too when it is
 * the article's own address at the source (`ownUrl`: what dev.to's API gives every article, what
 * this site's export writes for a published one), which is no other page.
 */
export const canonical = (value: unknown, ownUrl: string | null = null): string | null =>
  keptCanonicalUrl(text(value), ownUrl ?? "");
/**
 * A list of names (tags, categories, aliases): the strings of an array, trimmed, without empty
 * ones (anything else in it, null, an object, a number, is skipped: a JSON export never means a
 * tag by those), or a comma-separated string.
 */
export const list = (value: unknown): string[] => {
  if (Array.isArray(value))
    return value
      .filter((item): item is string => typeof item === "string")
      .map((item) => item.trim())
      .filter(Boolean);
  if (typeof value === "string")
    return value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  return [];
};
/**
 * The same from YAML front matter, where `tags: [2024, go]` holds a number the author wrote as
 * text: finite numbers are kept as their text there.
 */
export const frontMatterList = (value: unknown): string[] =>
  list(
    Array.isArray(value)
      ? value.map((item) => (typeof item === "number" && Number.isFinite(item) ? String(item) : item))
      : value,
  );
/** A plain object (not null, not an array): the shape every item of an export must have. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const pathOf = (value: unknown): string | null => {
  const raw = text(value);
  if (!raw) return null;
  try {
    const pathname = new URL(raw, "https://source.invalid").pathname.replace(/\/+$/, "");
    return pathname && pathname !== "/" ? pathname : null;
  } catch {
    return null;
  }
};
