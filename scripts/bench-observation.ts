/**
 * The per-request cost of the request observation (issue 27): server/observe.ts's observeRequest
 * with the app's own log line (JSON, written to stdout: run it with stdout on /dev/null, as
 * `npm run bench` runs the server) and request metrics, driven by a response that emits `close`
 * as Node's does. Prints the CPU microseconds one observed request costs, so the bench can state
 * the share of a cached page's time per request that the observation takes. Run by
 * scripts/bench.ts on the server's core (taskset), never as a timed test.
 *
 * It measures the code as the server runs it: Node itself loads server/observe.ts (as
 * `npm start` does) and the logger and metrics come from the server build's runtime (run it after
 * `npm run build`; BUILD_DIR as the server reads it). A loader that compiles on the fly (tsx) wraps
 * every closure it creates in a naming helper and would add a cost production does not pay.
 */
import { EventEmitter } from "node:events";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppBuild, Runtime } from "../server/app-handler.ts";
import { type Observed, observeRequest } from "../server/observe.ts";

// The line format and level the server's defaults give (JSON, info), set before the logger is made.
process.env.LOG_FORMAT = "json";
process.env.LOG_LEVEL = "info";
const buildEntry = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build", "server/index.js");
const build = (await import(pathToFileURL(buildEntry).href)) as AppBuild;
const runtime: Runtime = build.entry.module.runtime;
const ROUNDS = 5;
const PER_ROUND = 300_000;

class FakeResponse extends EventEmitter {
  statusCode = 200;
  writableFinished = true;
  getHeader() {
    return undefined;
  }
}

function observeOnce(socket: { bytesWritten: number }) {
  const req = { url: "/post/understanding-the-javascript-event-loop", method: "GET", socket };
  const res = new FakeResponse();
  const facts: Observed = { id: "abcdEF12", kind: "app", cache: "hit", label: { route: "/post/:slug" } };
  observeRequest(runtime, req as unknown as http.IncomingMessage, res as unknown as http.ServerResponse, facts);
  socket.bytesWritten += 12_799;
  res.emit("close");
}

/** The same request without observeRequest: what the loop itself costs. */
function bareOnce(socket: { bytesWritten: number }) {
  const res = new FakeResponse();
  res.on("close", () => {});
  socket.bytesWritten += 12_799;
  res.emit("close");
}

function microsPerRequest(fn: (socket: { bytesWritten: number }) => void) {
  const socket = { bytesWritten: 0 };
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) fn(socket);
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / PER_ROUND);
  }
  // The first round warms the JIT up; the median of the others.
  const sorted = samples.slice(1).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const observed = microsPerRequest(observeOnce);
const bare = microsPerRequest(bareOnce);
process.stderr.write(
  `${JSON.stringify({ observedMicros: Math.round(observed * 1000) / 1000, bareMicros: Math.round(bare * 1000) / 1000, costMicros: Math.round((observed - bare) * 1000) / 1000 })}\n`,
);
