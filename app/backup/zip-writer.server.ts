/**
 * A zip written as it is read: each file goes through yazl as a stream (yazl keeps a buffer added
 * with addBuffer until the end of the archive), and `add` waits while more than a few megabytes
 * wait to be read, so memory stays flat however many files the archive holds.
 */
import { PassThrough, type Readable } from "node:stream";
import yazl from "yazl";

const MAX_PENDING_BYTES = 8 * 1024 * 1024;

export type ZipWriter = {
  /** The zip's bytes, for a file or an HTTP response. */
  output: Readable;
  add(name: string, data: string | Buffer): Promise<void>;
  /** A file written piece by piece (`write` waits while the archive is behind). */
  open(name: string): { write(text: string): Promise<void>; end(): void };
  /** Finishes the archive (its central directory). */
  end(): void;
};

export function createZipWriter(mtime = new Date()): ZipWriter {
  const zip = new yazl.ZipFile();
  let pendingBytes = 0;
  let lastConsumed: Promise<void> = Promise.resolve();
  return {
    output: zip.outputStream as unknown as Readable,
    async add(name, data) {
      const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
      const stream = new PassThrough();
      const size = bytes.byteLength;
      pendingBytes += size;
      lastConsumed = new Promise<void>((resolve) => {
        stream.once("end", () => {
          pendingBytes -= size;
          resolve();
        });
      });
      zip.addReadStream(stream, name, { mtime, mode: 0o100644, size });
      stream.end(bytes);
      if (pendingBytes > MAX_PENDING_BYTES) await lastConsumed;
    },
    open(name) {
      const stream = new PassThrough();
      zip.addReadStream(stream, name, { mtime, mode: 0o100644 });
      return {
        async write(text) {
          if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
        },
        end() {
          stream.end();
        },
      };
    },
    end() {
      zip.end();
    },
  };
}
