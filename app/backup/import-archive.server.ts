/**
 * Safe reading of archives and folders for imports. Any breach refuses the whole file (an import
 * then imports nothing): paths that climb out (`..`) or are absolute, links, more than
 * MAX_FILES files, a file over the upload limit, more than MAX_TOTAL_BYTES in all, or a
 * compression ratio that only a zip bomb has.
 */
import fs from "node:fs";
import path from "node:path";
import yauzl from "yauzl";
import { MAX_UPLOAD_BYTES } from "~/media/media.server";
import { ImportFileError, type SourceFiles } from "./import-types.server";

export const MAX_FILES = 5000;
export const MAX_TOTAL_BYTES = 200 * 1024 * 1024;
const MAX_RATIO = 200;

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

/** Reads a zip (a file, or the bytes of an uploaded one) within the limits above. */
export async function readZip(input: string | Buffer): Promise<SourceFiles> {
  const options = { lazyEntries: true, strictFileNames: true, validateEntrySizes: true };
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const opened = (error: Error | null, file?: yauzl.ZipFile) => (error || !file ? reject(error) : resolve(file));
    if (typeof input === "string") yauzl.open(input, options, opened);
    else yauzl.fromBuffer(input, options, opened);
  }).catch((error: Error) => {
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
