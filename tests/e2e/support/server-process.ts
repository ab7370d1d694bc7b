import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type RunningServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

/** Starts the production server (the build must exist) on its own port and data folder. */
export async function startServer(options: { port: number; env?: Record<string, string>; waitForHealth?: boolean }): Promise<RunningServer> {
  const dataDir = options.env?.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "dp-server-"));
  let log = "";
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
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
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${options.port}`;
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
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { url, dataDir, process: child, output: () => log, exited };
}
