import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "~/db/data-dir-lock.server";

const lockModule = pathToFileURL(path.resolve("app/db/data-dir-lock.server.ts")).href;
const folders: string[] = [];
const children: ChildProcess[] = [];

function tempDir(prefix = "dp-lock-test-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/**
 * Another process (Node runs the lock module directly: it is erasable TypeScript) that tries to
 * lock `dir` and holds it for `holdMs`. Resolves with its first line: "held" or "refused …".
 */
function otherProcess(dir: string, holdMs = 60_000) {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    try {
      const release = await acquireDataDirLock(${JSON.stringify(dir)});
      console.log("held");
      setTimeout(() => { release(); process.exit(0); }, ${holdMs});
    } catch (error) {
      console.log(error.name === "DataDirLockedError" ? "refused " + error.message : "error " + error.message);
    }`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const firstLine = new Promise<string>((resolve) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.split("\n")[0]!);
    });
    child.once("exit", () => resolve(out.split("\n")[0] ?? ""));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, firstLine, exited };
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the data folder lock", () => {
  it("is held until released, and leaves nothing behind", async () => {
    const dir = tempDir();
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`is in use by another process (pid ${process.pid})`);
    release();
    expect(fs.readdirSync(dir)).toEqual([]);
    (await acquireDataDirLock(dir))();
  });

  it("refuses while another live process holds it, with today's message and the holder's pid", async () => {
    const dir = tempDir();
    const holder = otherProcess(dir);
    expect(await holder.firstLine).toBe("held");
    const refusal = await acquireDataDirLock(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toBe(
      `The database in ${dir} is in use by another process (pid ${holder.child.pid}). The embedded database allows one process at a time: stop the server first, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  });

  it("is free at once when its holder is killed with SIGKILL, round after round", async () => {
    const dir = tempDir();
    for (let round = 0; round < 3; round++) {
      const holder = otherProcess(dir);
      expect(await holder.firstLine).toBe("held");
      holder.child.kill("SIGKILL");
      await holder.exited;
      const release = await acquireDataDirLock(dir);
      // The dead holders' sockets are cleared away by the new one.
      expect(fs.readdirSync(path.join(dir, "pglite.lock"))).toHaveLength(1);
      release();
    }
  });

  it("ignores a lock file of the earlier kind naming a live pid (here: this test's own)", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), String(process.pid));
    const release = await acquireDataDirLock(dir);
    release();
  });

  it("works in a folder whose path is too long for a socket address", async () => {
    const dir = path.join(tempDir(), "a-long-folder-name-".repeat(8));
    fs.mkdirSync(dir);
    expect(path.join(dir, "pglite.lock", "1").length).toBeGreaterThan(108);
    const holder = otherProcess(dir);
    expect(await holder.firstLine).toBe("held");
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`(pid ${holder.child.pid})`);
    holder.child.kill("SIGKILL");
    await holder.exited;
    (await acquireDataDirLock(dir))();
  });

  it("lets exactly one of several processes starting at once take over a dead holder's lock", async () => {
    const dir = tempDir();
    const dead = otherProcess(dir);
    expect(await dead.firstLine).toBe("held");
    dead.child.kill("SIGKILL");
    await dead.exited;
    const contenders = Array.from({ length: 5 }, () => otherProcess(dir, 3_000));
    const outcomes = await Promise.all(contenders.map((contender) => contender.firstLine));
    expect(outcomes.filter((line) => line === "held")).toHaveLength(1);
    expect(outcomes.filter((line) => line.startsWith("refused The database in"))).toHaveLength(4);
  }, 20_000);
});
