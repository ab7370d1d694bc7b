/**
 * npx tsx scripts/bench-lines.ts [--articles N] [--rounds N] [--seconds N] [--client browser|identity]
 *
 * What the request log lines cost a cached page, measured in place (issue 27's "at most 5 % of
 * cached-page throughput"; decision 28). Two production servers on the server's core, the same
 * build and data (two copies of one seeded folder), one with `LOG_LEVEL=info` (a JSON line per
 * request, as operators run it) and one with `LOG_LEVEL=warn` (no request lines; metrics on in
 * both), stdout on /dev/null as `npm run bench` runs its server. wrk on the other core drives each
 * in turn with the same article pages, alternating which goes first; each run reads the server's
 * CPU time (all its threads, /proc/PID/stat) before and after, so the figure is CPU per request,
 * not a rate that the machine's drift moves. Prints every pair and the medians.
 *
 * Run it alone on the machine (after `npm run build`), never as a timed test.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWrkOutput, pinning, wrkScript } from "./bench-wrk.ts";

function option(name: string, fallback: string) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

const ARTICLES = Number(option("articles", "1000"));
const ROUNDS = Number(option("rounds", "10"));
const SECONDS = Number(option("seconds", "10"));
const CLIENT = option("client", "browser");
const HEADERS: Record<string, string> =
  CLIENT === "identity"
    ? { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" }
    : { "Accept-Encoding": "br, gzip", Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const PIN = pinning(os.cpus().length);
const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";
const root = process.cwd();
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

function log(message: string) {
  process.stderr.write(`[lines] ${message}\n`);
}

/** utime + stime of a process (every thread), in microseconds. */
function cpuMicros(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
}

async function waitFor200(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function articlePaths(base: string) {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const documents = index.includes("<sitemapindex")
    ? await Promise.all(
        [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(async ([, loc]) =>
          (await fetch(`${base}${new URL(loc!).pathname}`)).text(),
        ),
      )
    : [index];
  const posts = documents
    .flatMap((xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname))
    .filter((loc) => loc.startsWith("/post/"));
  const step = Math.max(1, Math.floor(posts.length / 500));
  return posts.filter((_, i) => i % step === 0);
}

function drive(port: number, scriptPath: string) {
  const command = [...PIN.client, WRK, "-t1", "-c50", `-d${SECONDS}s`, "-s", scriptPath, `http://127.0.0.1:${port}`];
  const result = spawnSync(command[0]!, command.slice(1), { encoding: "utf8" });
  return parseWrkOutput(result.stdout);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const seeded = fs.mkdtempSync(path.join(os.tmpdir(), "dp-lines-"));
const servers: { level: string; port: number; dir: string; pid?: number; kill?: () => void }[] = [
  { level: "info", port: 4811, dir: path.join(seeded, "info") },
  { level: "warn", port: 4812, dir: path.join(seeded, "warn") },
];
try {
  log(`seeding ${ARTICLES} articles…`);
  const seed = spawnSync(process.execPath, [tsx, "scripts/seed.ts", "--articles", String(ARTICLES)], {
    env: { ...process.env, DATA_DIR: servers[0]!.dir, DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seed.status !== 0) throw new Error("seeding failed");
  fs.cpSync(servers[0]!.dir, servers[1]!.dir, { recursive: true });
  for (const server of servers) {
    const command = [...PIN.server, process.execPath, "server/main.ts"];
    const child = spawn(command[0]!, command.slice(1), {
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: server.dir,
        PORT: String(server.port),
        LOG_LEVEL: server.level,
        LOG_FORMAT: "json",
        BACKUP_KEEP: "0",
        // Every page stays cached and fresh for the whole run: a page past its time to live (5
        // minutes by default) is rendered again in the background, and those renders, landing in
        // whichever run is going, had swung a run's CPU per request by a third.
        PAGE_CACHE_TTL_SECONDS: "86400",
        PAGE_CACHE_MB: "512",
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
        MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    server.pid = child.pid;
    server.kill = () => child.kill("SIGTERM");
  }
  for (const server of servers) await waitFor200(`http://127.0.0.1:${server.port}/`);
  // The process under taskset is node itself (taskset execs it).
  const paths = await articlePaths(`http://127.0.0.1:${servers[0]!.port}`);
  log(`${paths.length} article pages as a ${CLIENT} client; warming both caches…`);
  for (const server of servers) {
    for (const p of paths)
      await (await fetch(`http://127.0.0.1:${server.port}${p}`, { headers: HEADERS })).arrayBuffer();
  }
  const scriptPath = path.join(seeded, "paths.lua");
  fs.writeFileSync(scriptPath, wrkScript(paths, HEADERS));
  for (const server of servers) drive(server.port, scriptPath); // a first run each: JIT and caches settle
  const perRequest: Record<string, number[]> = { info: [], warn: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    const pair: string[] = [];
    for (const server of order) {
      const before = cpuMicros(server.pid!);
      const result = drive(server.port, scriptPath);
      const micros = (cpuMicros(server.pid!) - before) / Math.max(1, result.requests);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${server.level}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      perRequest[server.level]!.push(micros);
      pair.push(`${server.level} ${micros.toFixed(1)} µs (${result.reqPerSec}/s)`);
    }
    log(`round ${round + 1}: ${pair.join(", ")}`);
  }
  const on = median(perRequest.info!);
  const off = median(perRequest.warn!);
  const costlier = perRequest.info!.filter((value, i) => value > perRequest.warn![i]!).length;
  console.log(
    JSON.stringify({
      client: CLIENT,
      articles: ARTICLES,
      rounds: ROUNDS,
      linesOnMicros: Math.round(on * 10) / 10,
      linesOffMicros: Math.round(off * 10) / 10,
      costMicros: Math.round((on - off) * 10) / 10,
      costShare: Math.round(((on - off) / off) * 1000) / 1000,
      roundsWhereLinesCostMore: costlier,
      linesOn: perRequest.info!.map((value) => Math.round(value * 10) / 10),
      linesOff: perRequest.warn!.map((value) => Math.round(value * 10) / 10),
    }),
  );
} finally {
  for (const server of servers) server.kill?.();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  fs.rmSync(seeded, { recursive: true, force: true });
}
