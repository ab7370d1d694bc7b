/**
 * The paced probe of `npm run bench`'s soak (scripts/bench.ts): cached pages requested at a fixed
 * rate, each request timed from when it was due, whatever the server is doing. Unlike a wrk probe
 * (a closed loop that asks again as soon as it is answered) it does not add load of its own to the
 * server's one core: it measures what a reader of a cached page gets while the soak runs, not how
 * many cached pages the core can serve beside it.
 * Usage: node scripts/bench-probe.ts BASE SECONDS RATE PATHS_JSON (Node's type stripping), pinned
 * to the load generator's core by the caller. Prints one JSON line: requests, p50, p99, max (ms),
 * timeouts (2 s, as the soak's wrk) and other failures.
 */
import http from "node:http";

const [base, secondsArg, rateArg, pathsJson] = process.argv.slice(2);
const seconds = Number(secondsArg);
const rate = Number(rateArg);
const paths = JSON.parse(pathsJson ?? "[]") as string[];
if (!base || !(seconds > 0) || !(rate > 0) || paths.length === 0) {
  console.error("usage: node scripts/bench-probe.ts BASE SECONDS RATE PATHS_JSON");
  process.exit(2);
}

const TIMEOUT_MS = 2_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const latencies: number[] = [];
let timeouts = 0;
let failed = 0;
let pending = 0;

function probe(pathname: string, dueAt: number) {
  pending++;
  const request = http.get(
    `${base}${pathname}`,
    { agent, headers: { "Accept-Encoding": "br, gzip", Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } },
    (response) => {
      response.resume();
      response.on("end", () => {
        pending--;
        if (response.statusCode === 200) latencies.push(performance.now() - dueAt);
        else failed++;
      });
    },
  );
  request.setTimeout(TIMEOUT_MS, () => {
    timeouts++;
    request.destroy(new Error("timeout"));
  });
  request.on("error", () => {
    pending--;
  });
}

const startedAt = performance.now();
const interval = 1000 / rate;
let sent = 0;
function tick() {
  const now = performance.now();
  // Every request due by now is sent, each timed from its own due time (no coordinated omission).
  while (startedAt + sent * interval <= now && sent < seconds * rate) {
    probe(paths[sent % paths.length]!, startedAt + sent * interval);
    sent++;
  }
  if (sent < seconds * rate) setTimeout(tick, Math.max(0, startedAt + sent * interval - performance.now()));
  else finish();
}

function finish() {
  const wait = () => {
    if (pending > 0) return setTimeout(wait, 20);
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const at = (share: number) =>
      latencies.length
        ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]! * 10) / 10
        : null;
    console.log(
      JSON.stringify({
        rate,
        requests: sent,
        answered: latencies.length,
        p50: at(0.5),
        p99: at(0.99),
        max: latencies.length ? Math.round(latencies.at(-1)! * 10) / 10 : null,
        timeouts,
        failed,
      }),
    );
  };
  wait();
}

tick();
