import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedDataDirFromTemplate } from "./data-dir-template";

export type RunningServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** What the server wrote to stderr: its error-level lines (console.error, warnings, crashes). */
  errors: () => string;
  exited: Promise<number | null>;
};

/** A port nobody listens on right now (the OS picks it), for servers started side by side. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the production server (the build must exist) on its own port (free if not given) and data folder. */
export async function startServer(options: {
  port?: number;
  env?: Record<string, string>;
  waitForHealth?: boolean;
}): Promise<RunningServer> {
  const dataDir = options.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "dp-server-"));
  if (!options.env?.DATABASE_URL && options.env?.DATA_DIR === undefined) seedDataDirFromTemplate(dataDir);
  const port = options.port ?? (await freePort());
  let log = "";
  let errors = "";
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: process.cwd(),
    env: {
      // As `npm start` and the container run it (decisions 24 and 28).
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ENABLE_TEST_HOOKS: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (options.waitForHealth ?? true) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
      try {
        const response = await fetch(`${url}/healthz`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        // Never leave a server behind a failed start: it would hold its port and data folder.
        child.kill("SIGKILL");
        throw new Error(`server did not become healthy:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { url, dataDir, process: child, output: () => log, errors: () => errors, exited };
}
