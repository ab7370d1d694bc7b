/**
 * Files uploaded to the admin panel's import, kept in DATA_DIR/imports between the preview and
 * the import (named by a random token; removed once imported or after a day).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/env.server";

/** The admin panel takes files up to 50 MB (the command line up to 200 MB). */
export const IMPORT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
const TOKEN = /^[0-9a-f]{32}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function folder() {
  return path.resolve(env().DATA_DIR, "imports");
}

export function saveImportUpload(bytes: Uint8Array): string {
  const dir = folder();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (Date.now() - fs.statSync(file).mtimeMs > DAY_MS) fs.rmSync(file, { force: true });
  }
  const token = randomBytes(16).toString("hex");
  fs.writeFileSync(path.join(dir, `${token}.upload`), bytes, { mode: 0o600 });
  return token;
}

/** The stored upload of `token`, or null (unknown, malformed or removed). */
export function importUploadPath(token: string | null): string | null {
  if (!token || !TOKEN.test(token)) return null;
  const file = path.join(folder(), `${token}.upload`);
  return fs.existsSync(file) ? file : null;
}

export function removeImportUpload(token: string) {
  const file = importUploadPath(token);
  if (file) fs.rmSync(file, { force: true });
}
