/**
 * Uploaded images: store, serve, list, delete, and what article rendering needs to know.
 *
 * - An upload is identified by the SHA-256 of its cleaned original (what is served), so its URLs
 *   never change meaning: /media/{hash}.{ext} and /media/{hash}-{width}.{webp|avif}.
 * - The same image uploaded twice (even at the same moment) is one upload: the unique index on
 *   hash decides, and the loser of a race gets the winner's row.
 * - Everything of one upload (row, variants, bytes) is written in one transaction.
 * - Which articles use an upload is recorded at every article save (media_usages); an upload in
 *   use cannot be deleted (the foreign key refuses it even in a race).
 */
import { recordAudit } from "~/audit/audit.server";
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Database, getDb, queryRows } from "~/db/db.server";
import { MAX_UPLOAD_MB } from "~/lib/media";
import { articles, mediaUploads, mediaUsages, mediaVariants } from "~/db/schema";
import { detectImage, IMAGE_TYPES, type ImageFormat, MEDIA_MESSAGES } from "./detect.server";
import { MediaError, processImage, type VariantFormat } from "./process.server";
import { mediaStorage } from "./storage.server";
import { toIso } from "~/lib/dates";
import { isForeignKeyViolation } from "~/db/pg-error.server";

export { MediaError };

/** The largest file accepted, in bytes. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export { MAX_UPLOAD_MB };
export const LIBRARY_PAGE_SIZE = 24;
const NAME_MAX = 200;
const ALT_MAX = 500;

export type MediaVariantInfo = { width: number; height: number; format: VariantFormat; bytes: number; url: string };

export type UploadInfo = {
  id: number;
  hash: string;
  url: string;
  originalName: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  alt: string | null;
  /** ISO 8601. */
  createdAt: string;
  variants: MediaVariantInfo[];
};

const EXT_OF_MIME: Record<string, string> = Object.fromEntries(
  Object.values(IMAGE_TYPES).map(({ mime, ext }) => [mime, ext]),
);

export const mediaUrl = (hash: string, mime: string) => `/media/${hash}.${EXT_OF_MIME[mime] ?? "bin"}`;
export const variantUrl = (hash: string, width: number, format: VariantFormat) => `/media/${hash}-${width}.${format}`;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A file name fit to show: no path, no control characters, at most NAME_MAX characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, NAME_MAX);
  return cleaned || "image";
}

type UploadRow = typeof mediaUploads.$inferSelect;

async function withVariants(db: Database, rows: UploadRow[]): Promise<UploadInfo[]> {
  if (rows.length === 0) return [];
  const variants = await db
    .select()
    .from(mediaVariants)
    .where(
      inArray(
        mediaVariants.uploadId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(mediaVariants.width);
  return rows.map((row) => ({
    id: row.id,
    hash: row.hash,
    url: mediaUrl(row.hash, row.mime),
    originalName: row.originalName,
    mime: row.mime,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    alt: row.alt,
    createdAt: toIso(row.createdAt),
    variants: variants
      .filter((variant) => variant.uploadId === row.id)
      .map((variant) => ({
        width: variant.width,
        height: variant.height,
        format: variant.format as VariantFormat,
        bytes: variant.bytes,
        url: variantUrl(row.hash, variant.width, variant.format as VariantFormat),
      })),
  }));
}

/**
 * Checks, cleans and stores an uploaded file. Throws MediaError (413 too large, 415 not an
 * accepted image, 422 damaged or too many pixels) with a sentence for the author.
 */
export async function storeUpload(options: {
  bytes: Uint8Array;
  name: string;
  userId: number | null;
  alt?: string | null;
}): Promise<{ upload: UploadInfo; created: boolean }> {
  if (options.bytes.byteLength > MAX_UPLOAD_BYTES) throw new MediaError(413, MEDIA_MESSAGES.tooLarge(MAX_UPLOAD_MB));
  const detected = detectImage(options.bytes);
  if (!detected.ok) throw new MediaError(detected.message === MEDIA_MESSAGES.empty ? 422 : 415, detected.message);
  const input = Buffer.from(options.bytes.buffer, options.bytes.byteOffset, options.bytes.byteLength);
  const image = await processImage(input, detected.format);
  const hash = sha256(image.original);
  const alt = options.alt?.trim().slice(0, ALT_MAX) || null;
  const storage = mediaStorage();
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    // The unique index serialises two uploads of one image: the second waits, then inserts nothing.
    const [row] = await tx
      .insert(mediaUploads)
      .values({
        hash,
        originalName: cleanFileName(options.name),
        mime: image.mime,
        bytes: image.original.byteLength,
        width: image.width,
        height: image.height,
        alt,
        uploadedBy: options.userId,
      })
      .onConflictDoNothing({ target: mediaUploads.hash })
      .returning({ id: mediaUploads.id });
    if (!row) return false;
    await storage.put(tx, { hash, bytes: image.original });
    for (const variant of image.variants) {
      const variantHash = sha256(variant.bytes);
      await storage.put(tx, { hash: variantHash, bytes: variant.bytes });
      await tx.insert(mediaVariants).values({
        uploadId: row.id,
        width: variant.width,
        height: variant.height,
        format: variant.format,
        bytes: variant.bytes.byteLength,
        hash: variantHash,
      });
    }
    if (options.userId !== null) {
      await recordAudit(
        { id: options.userId },
        {
          kind: "media",
          action: "uploaded",
          targetId: row.id,
          summary: `Uploaded image ${options.name}`.slice(0, 300),
        },
        tx,
      );
    }
    return true;
  });
  const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.hash, hash)).limit(1);
  if (!row) throw new Error("The upload was not stored.");
  // A second upload of a known image may bring the alt text the first lacked.
  if (!created && alt && !row.alt) {
    await db.update(mediaUploads).set({ alt }).where(eq(mediaUploads.id, row.id));
    row.alt = alt;
  }
  const [upload] = await withVariants(db, [row]);
  return { upload: upload!, created };
}

const FILE_NAME = /^([0-9a-f]{64})(?:-([1-9]\d{0,4}))?\.(png|jpg|webp|avif|gif)$/;

export type MediaFile = { bytes: Buffer; mime: string; etag: string };

/** The bytes behind /media/{name}, or null for anything that is not exactly an upload's URL. */
export async function readMediaFile(name: string): Promise<MediaFile | null> {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, hash, widthText, ext] = match as unknown as [string, string, string | undefined, string];
  const db = await getDb();
  const storage = mediaStorage();
  if (widthText === undefined) {
    const [row] = await db
      .select({ mime: mediaUploads.mime })
      .from(mediaUploads)
      .where(eq(mediaUploads.hash, hash))
      .limit(1);
    if (!row || EXT_OF_MIME[row.mime] !== ext) return null;
    const bytes = await storage.get(db, hash);
    return bytes ? { bytes, mime: row.mime, etag: `"${hash}"` } : null;
  }
  if (ext !== "webp" && ext !== "avif") return null;
  const [variant] = await db
    .select({ hash: mediaVariants.hash })
    .from(mediaVariants)
    .innerJoin(mediaUploads, eq(mediaUploads.id, mediaVariants.uploadId))
    .where(and(eq(mediaUploads.hash, hash), eq(mediaVariants.width, Number(widthText)), eq(mediaVariants.format, ext)))
    .limit(1);
  if (!variant) return null;
  const bytes = await storage.get(db, variant.hash);
  return bytes ? { bytes, mime: `image/${ext}`, etag: `"${variant.hash}"` } : null;
}

// ---------------------------------------------------------------------------------------------
// Articles: which uploads a text refers to, what rendering needs, and usage

const MEDIA_REFERENCE = /\/media\/([0-9a-f]{64})(?:-\d{1,5})?\.(?:png|jpg|webp|avif|gif)\b/g;

/** The upload hashes a piece of markdown or a cover URL refers to. */
export function referencedHashes(...texts: Array<string | null | undefined>): string[] {
  const hashes = new Set<string>();
  for (const text of texts) for (const match of (text ?? "").matchAll(MEDIA_REFERENCE)) hashes.add(match[1]!);
  return [...hashes];
}

/** Upload facts by hash, for rendering: dimensions, name, variants. */
export async function uploadsByHash(hashes: string[]): Promise<Map<string, UploadInfo>> {
  if (hashes.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select().from(mediaUploads).where(inArray(mediaUploads.hash, hashes));
  return new Map((await withVariants(db, rows)).map((upload) => [upload.hash, upload]));
}

/** Replaces the uploads article `articleId` uses (inside the article's save transaction). */
export async function recordUsages(tx: Database, articleId: number, hashes: string[]) {
  await tx.delete(mediaUsages).where(eq(mediaUsages.articleId, articleId));
  if (hashes.length === 0) return;
  await tx.execute(sql`insert into media_usages (article_id, upload_id)
    select ${articleId}, id from media_uploads where hash in (${sql.join(
      hashes.map((hash) => sql`${hash}`),
      sql`, `,
    )}) on conflict do nothing`);
}

// ---------------------------------------------------------------------------------------------
// The library

export type ArticleRef = { id: number; title: string; slug: string };
export type LibraryItem = UploadInfo & { usedBy: ArticleRef[] };
export type LibraryPage = { items: LibraryItem[]; total: number; page: number; pageCount: number; query: string };

function containsPattern(query: string) {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

async function usagesOf(db: Database, uploadIds: number[]): Promise<Map<number, ArticleRef[]>> {
  const usedBy = new Map<number, ArticleRef[]>();
  if (uploadIds.length === 0) return usedBy;
  const rows = await db
    .select({ uploadId: mediaUsages.uploadId, id: articles.id, title: articles.title, slug: articles.slug })
    .from(mediaUsages)
    .innerJoin(articles, eq(articles.id, mediaUsages.articleId))
    .where(inArray(mediaUsages.uploadId, uploadIds))
    .orderBy(articles.title);
  for (const row of rows) {
    const list = usedBy.get(row.uploadId) ?? [];
    list.push({ id: row.id, title: row.title, slug: row.slug });
    usedBy.set(row.uploadId, list);
  }
  return usedBy;
}

/** One page of uploads, newest first, optionally those whose name contains `query`. */
export async function listLibrary(options: { query?: string | null; page?: number } = {}): Promise<LibraryPage> {
  const db = await getDb();
  const query = (options.query ?? "").replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), 10_000);
  const where = query === "" ? undefined : sql`${mediaUploads.originalName} ilike ${containsPattern(query)}`;
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from media_uploads ${where ? sql`where ${where}` : sql``}`,
  );
  const rows = await db
    .select()
    .from(mediaUploads)
    .where(where)
    .orderBy(desc(mediaUploads.createdAt), desc(mediaUploads.id))
    .limit(LIBRARY_PAGE_SIZE)
    .offset((page - 1) * LIBRARY_PAGE_SIZE);
  const uploads = await withVariants(db, rows);
  const usedBy = await usagesOf(
    db,
    uploads.map((upload) => upload.id),
  );
  const total = Number(counted?.total ?? 0);
  return {
    items: uploads.map((upload) => ({ ...upload, usedBy: usedBy.get(upload.id) ?? [] })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE)),
    query,
  };
}

/** The newest uploads (the editor's cover picker). */
export async function recentUploads(limit = 12): Promise<UploadInfo[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(mediaUploads)
    .orderBy(desc(mediaUploads.createdAt), desc(mediaUploads.id))
    .limit(limit);
  return withVariants(db, rows);
}

export type DeleteOutcome =
  | { status: "deleted"; name: string }
  | { status: "in-use"; name: string; usedBy: ArticleRef[] }
  | { status: "not-found" };

/** Deletes an unused upload with its variants and bytes; one in use is refused with its articles. */
export async function deleteUpload(id: number): Promise<DeleteOutcome> {
  const db = await getDb();
  const storage = mediaStorage();
  const [upload] = await db
    .select({ id: mediaUploads.id, hash: mediaUploads.hash, name: mediaUploads.originalName })
    .from(mediaUploads)
    .where(eq(mediaUploads.id, id))
    .limit(1);
  if (!upload) return { status: "not-found" };
  const inUse = async () => ({
    status: "in-use" as const,
    name: upload.name,
    usedBy: (await usagesOf(db, [id])).get(id) ?? [],
  });
  if ((await usagesOf(db, [id])).has(id)) return inUse();
  try {
    const deleted = await db.transaction(async (tx) => {
      const variants = await tx
        .select({ hash: mediaVariants.hash })
        .from(mediaVariants)
        .where(eq(mediaVariants.uploadId, id));
      // The foreign key from media_usages refuses this if an article started using it meanwhile.
      const removed = await tx.delete(mediaUploads).where(eq(mediaUploads.id, id)).returning({ id: mediaUploads.id });
      if (removed.length === 0) return false;
      // Bytes another upload still points at (an identical variant) stay.
      const candidates = [upload.hash, ...variants.map((variant) => variant.hash)];
      const stillUsed = await queryRows<{ hash: string }>(
        tx,
        sql`select hash from media_variants where hash in (${sql.join(
          candidates.map((hash) => sql`${hash}`),
          sql`, `,
        )}) union select hash from media_uploads where hash in (${sql.join(
          candidates.map((hash) => sql`${hash}`),
          sql`, `,
        )})`,
      );
      const kept = new Set(stillUsed.map((row) => row.hash));
      await storage.delete(
        tx,
        candidates.filter((hash) => !kept.has(hash)),
      );
      return true;
    });
    return deleted ? { status: "deleted", name: upload.name } : { status: "not-found" };
  } catch (error) {
    if (isForeignKeyViolation(error)) return inUse();
    throw error;
  }
}

export type { ImageFormat };
