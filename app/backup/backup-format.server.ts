/**
 * The backup file: one zip that holds the whole site, portable between the embedded database and
 * PostgreSQL (a backup of one restores into the other).
 *
 *   tables/{table}.jsonl   one row per line, as PostgreSQL's row_to_json writes it (bytea as
 *                          "\\x…" hex, timestamps in ISO 8601 with their offset), every table of
 *                          the public schema in dependency order (referenced tables first);
 *                          images are rows of media_blobs (decision 9)
 *   manifest.json          written last: format and version, the schema's last migration, and
 *                          per table its columns, row count and SHA-256 (a truncated or altered
 *                          file is refused before anything is touched)
 *
 * Rows are written and read as text, never parsed in JavaScript: big integers, numerics and
 * timestamps keep their exact database form.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import yauzl from "yauzl";
import { folderNames } from "~/db/data-dir-lock.server";

export const BACKUP_FORMAT = "devperspective-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";

export type BackupTable = {
  name: string;
  file: string;
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
};

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The database kind it was taken from (informative: either kind restores into either). */
  source: "pglite" | "postgres";
  /** The schema's last applied migration (drizzle/meta/_journal.json tag) and how many were applied. */
  migration: { tag: string; count: number };
  tables: BackupTable[];
  /** Every sequence of the public schema: the value nextval() continues from. */
  sequences: { name: string; value: number | null }[];
};

/** A bad backup file; the message is the one line the command prints. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFileError";
  }
}

const TABLE_ENTRY = /^tables\/([a-z_][a-z0-9_]*)\.jsonl$/;

export function tableEntryName(table: string) {
  return `tables/${table}.jsonl`;
}

/** An open backup: its manifest and a reader for each table's lines. */
export type BackupReader = {
  manifest: BackupManifest;
  /** Calls `onLines` with batches of rows (raw JSON text) of `table`, in file order. */
  readTable(table: BackupTable, onLines: (lines: string[]) => Promise<void>, batchBytes?: number): Promise<void>;
  close(): void;
};

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) => {
      if (error || !zip) reject(error ?? new Error("unreadable"));
      else resolve(zip);
    });
  });
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on("entry", (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(entries));
    zip.once("error", reject);
    zip.readEntry();
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(error ?? new Error("unreadable entry"));
      else resolve(stream);
    });
  });
}

async function readSmallEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<string> {
  if (entry.uncompressedSize > limit) throw new BackupFileError(`${entry.fileName} is too large.`);
  const chunks: Buffer[] = [];
  for await (const chunk of await entryStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function isManifest(value: unknown): value is BackupManifest {
  const m = value as BackupManifest;
  return (
    typeof m === "object" &&
    m !== null &&
    m.format === BACKUP_FORMAT &&
    typeof m.formatVersion === "number" &&
    typeof m.migration?.tag === "string" &&
    Array.isArray(m.tables) &&
    m.tables.every(
      (t) =>
        typeof t?.name === "string" &&
        typeof t.file === "string" &&
        Array.isArray(t.columns) &&
        typeof t.rows === "number" &&
        typeof t.sha256 === "string",
    ) &&
    Array.isArray(m.sequences)
  );
}

/**
 * Opens `file` as a backup and checks everything that can be checked without a database: it is
 * a complete zip, its manifest is ours and of a version this code reads, every table's file is
 * there with the row count and SHA-256 the manifest gives. Throws BackupFileError otherwise.
 */
export async function openBackup(file: string, options: { verify?: boolean } = {}): Promise<BackupReader> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new BackupFileError(`${file}: no such file.`);
  }
  if (!stat.isFile()) throw new BackupFileError(`${file} is not a file.`);
  let zip: yauzl.ZipFile;
  let entries: Map<string, yauzl.Entry>;
  try {
    zip = await openZip(file);
    entries = await listEntries(zip);
  } catch {
    throw new BackupFileError(
      `${file} is not a complete DevPerspective backup (not a readable zip file: truncated or of another kind).`,
    );
  }
  const fail = (reason: string): never => {
    zip.close();
    throw new BackupFileError(`${file} is not a usable DevPerspective backup: ${reason}.`);
  };
  const manifestEntry = entries.get(MANIFEST_ENTRY);
  if (!manifestEntry) fail("it has no manifest.json (a zip file of another kind, or an unfinished backup)");
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readSmallEntry(zip, manifestEntry!, 16 * 1024 * 1024));
  } catch (error) {
    if (error instanceof BackupFileError) fail(error.message);
    fail("its manifest.json cannot be read");
  }
  if (!isManifest(manifest)) fail("its manifest.json is not a DevPerspective backup manifest");
  const checked = manifest as BackupManifest;
  if (checked.formatVersion > BACKUP_FORMAT_VERSION) {
    fail(
      `it was written by a newer version of DevPerspective (backup format ${checked.formatVersion}; this version reads ${BACKUP_FORMAT_VERSION}): upgrade first`,
    );
  }
  for (const name of entries.keys()) {
    if (name !== MANIFEST_ENTRY && !TABLE_ENTRY.test(name)) fail(`it holds an unexpected file, ${name}`);
  }
  for (const table of checked.tables) {
    const match = TABLE_ENTRY.exec(table.file);
    if (!match || match[1] !== table.name) fail(`table ${table.name} has a bad file name`);
    if (!entries.has(table.file)) fail(`${table.file} is missing`);
  }

  const bad = (reason: string): never => {
    throw new BackupFileError(`${file} is not a usable DevPerspective backup: ${reason}.`);
  };
  const readTable: BackupReader["readTable"] = async (table, onLines, batchBytes = 4 * 1024 * 1024) => {
    const entry = entries.get(table.file)!;
    const stream = await entryStream(zip, entry);
    const hash = createHash("sha256");
    let rest = "";
    let batch: string[] = [];
    let batchSize = 0;
    let rows = 0;
    const decoder = new TextDecoder("utf8", { fatal: false });
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      rest += decoder.decode(chunk as Buffer, { stream: true });
      let newline = rest.indexOf("\n");
      while (newline !== -1) {
        const line = rest.slice(0, newline);
        rest = rest.slice(newline + 1);
        newline = rest.indexOf("\n");
        if (line === "") continue;
        rows++;
        batch.push(line);
        batchSize += line.length;
        if (batchSize >= batchBytes || batch.length >= 1000) {
          await onLines(batch);
          batch = [];
          batchSize = 0;
        }
      }
    }
    rest += decoder.decode();
    if (rest.trim() !== "") bad(`${table.file} ends in the middle of a row`);
    if (batch.length > 0) await onLines(batch);
    if (rows !== table.rows) bad(`${table.file} has ${rows} rows, its manifest says ${table.rows}`);
    if (hash.digest("hex") !== table.sha256) bad(`${table.file} does not match its checksum`);
  };

  const reader: BackupReader = { manifest: checked, readTable, close: () => zip.close() };
  if (options.verify ?? true) {
    try {
      for (const table of checked.tables) await reader.readTable(table, async () => {});
    } catch (error) {
      zip.close();
      if (error instanceof BackupFileError) throw error;
      throw new BackupFileError(`${file} is not a usable DevPerspective backup: ${(error as Error).message}.`);
    }
  }
  return reader;
}

/** A writable entry stream for yazl plus the running hash and size of what went through it. */
export function hashedEntry() {
  const stream = new PassThrough();
  const hash = createHash("sha256");
  let bytes = 0;
  return {
    stream,
    async write(text: string) {
      const chunk = Buffer.from(text, "utf8");
      hash.update(chunk);
      bytes += chunk.byteLength;
      if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
    },
    end() {
      stream.end();
      return { bytes, sha256: hash.digest("hex") };
    },
  };
}

/** Backups in `folder` written by the automatic backup, newest first. */
export function listBackupFiles(folder: string): string[] {
  return folderNames(folder)
    .filter((name) => /^devperspective-\d{8}-\d{6}\.zip$/.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(folder, name));
}
