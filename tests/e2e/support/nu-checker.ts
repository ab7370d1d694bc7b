/**
 * The W3C Nu HTML Checker (the vnu-jar package's vnu.jar, run on the system's Java: its install
 * script, which would download a Java runtime, is disabled in package.json's allowScripts;
 * docs/decisions/0020-nu-html-checker.md). All documents are checked in one run (one JVM
 * start), and the errors come back per document.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

export type NuMessage = { type: string; subType?: string; message: string; extract?: string; lastLine?: number };

/** Every error (and fatal error) the checker finds, as "where: message (extract)" lines, by label. */
export async function nuErrors(documents: { label: string; html: string }[]): Promise<Record<string, string[]>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-nu-"));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(dir, `page-${String(index).padStart(3, "0")}.html`);
      fs.writeFileSync(file, document.html);
      return file;
    });
    let output: string;
    try {
      // Exit status 1 means "errors found": the report is on stderr either way.
      const result = await run("java", ["-jar", JAR, "--format", "json", ...files], { maxBuffer: 64 * 1024 * 1024 });
      output = result.stderr;
    } catch (error) {
      const failed = error as NodeJS.ErrnoException & { stderr?: string };
      if (failed.code === "ENOENT") {
        throw new Error("The Nu HTML checker needs Java on the PATH (Debian: apt-get install default-jre-headless).");
      }
      if (!failed.stderr?.trim().startsWith("{")) throw error;
      output = failed.stderr;
    }
    const report = JSON.parse(output) as { messages: (NuMessage & { url: string })[] };
    const errors: Record<string, string[]> = {};
    for (const message of report.messages) {
      if (message.type !== "error" && message.subType !== "fatal") continue;
      const index = files.findIndex((file) => message.url.endsWith(path.basename(file)));
      const label = documents[index]?.label ?? message.url;
      errors[label] ??= [];
      errors[label].push(`line ${message.lastLine ?? "?"}: ${message.message} (${(message.extract ?? "").trim()})`);
    }
    return errors;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
