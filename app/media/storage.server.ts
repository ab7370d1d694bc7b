/**
 * Where image bytes live: a small content-addressed interface (put, get, delete by SHA-256), so
 * that an object store (S3, R2, GCS) can replace the default without touching anything else.
 *
 * The default keeps them in the database (media_blobs), for the reasons in
 * docs/decisions/0009-image-storage.md: the embedded database, PostgreSQL and any number of
 * instances all work with no extra service, and a backup of the database is a backup of the
 * images. Writes take the transaction of the upload they belong to (`tx`): an upload is stored
 * whole or not at all. An object store would write outside it (put is idempotent for a hash, so
 * a retried or failed upload only leaves bytes that nothing references, for a sweep to remove).
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { mediaBlobs } from "~/db/schema";

export type MediaBlob = { hash: string; bytes: Buffer };

export interface MediaStorage {
  /** Stores `bytes` under `hash`; storing a hash that exists already does nothing. */
  put(tx: Database, blob: MediaBlob): Promise<void>;
  /** The bytes stored under `hash`, or null. */
  get(db: Database, hash: string): Promise<Buffer | null>;
  /** Removes the bytes of these hashes (absent ones are ignored). */
  delete(tx: Database, hashes: string[]): Promise<void>;
}

export const databaseStorage: MediaStorage = {
  async put(tx, blob) {
    await tx
      .insert(mediaBlobs)
      .values({ hash: blob.hash, bytes: blob.bytes, size: blob.bytes.byteLength })
      .onConflictDoNothing({ target: mediaBlobs.hash });
  },
  async get(db, hash) {
    const [row] = await db
      .select({ bytes: mediaBlobs.bytes })
      .from(mediaBlobs)
      .where(eq(mediaBlobs.hash, hash))
      .limit(1);
    return row?.bytes ?? null;
  },
  async delete(tx, hashes) {
    if (hashes.length === 0) return;
    await tx.delete(mediaBlobs).where(inArray(mediaBlobs.hash, hashes));
  },
};

/** The storage in use. One implementation today; MEDIA_STORAGE would pick another. */
export function mediaStorage(): MediaStorage {
  return databaseStorage;
}

/** Total bytes stored (the media library's footer). */
export async function storedBytes(db: Database): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${mediaBlobs.size}), 0)` }).from(mediaBlobs);
  return Number(row?.total ?? 0);
}
