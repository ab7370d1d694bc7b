/**
 * npm run bench [-- --articles N] [--duration S] [--connections C] [--only route,route] [--no-mixed]
 *
 * Seeds a fresh database (embedded by default; DATABASE_URL's server when set), starts the
 * production server pinned to one core, warms it, then drives each route with wrk pinned to the
 * other core (scripts/bench-wrk.ts), twice: as a browser (`Accept-Encoding: br, gzip`) and as a
 * client that sends no Accept-Encoding (curl, monitors, many crawlers). Each kind of client has
 * its reference: a bare node:http server on the server's core answering the article page's exact
 * bytes from memory the way that client gets them (the brotli page, or the identity page).
 * Then a mixed run (reads at full speed while one client publishes an article every second:
 * hit rate and article p99), server time of uncached renders, and per page the inline script
 * data and the JavaScript it loads. Last, the soak (issue 23): 64 connections for 3 minutes
 * (`--soak-seconds`, `--soak-connections`, `--no-soak`), one request in four a search no one made
 * before, the rest cached pages, wrk's timeout 2 s; beside it a light probe (4 connections, cached
 * pages only) gives the cached pages' p99 during the soak; the server's RSS before and after it.
 * Prints tables and writes bench-report.json.
 *
 * BENCH_SECONDS sets the default duration per run (a smoke run: BENCH_SECONDS=1 --articles 200);
 * BENCH_SOAK_SECONDS the soak's.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { inlineScriptKb, parseSoakOutput, parseWrkOutput, pinning, soakScript, wrkScript } from "./bench-wrk.ts";

const { values: args } = parseArgs({
  options: {
    articles: { type: "string", default: "10000" },
    duration: { type: "string", default: process.env.BENCH_SECONDS ?? "10" },
    "no-mixed": { type: "boolean", default: false },
    "no-soak": { type: "boolean", default: false },
    "soak-seconds": { type: "string", default: process.env.BENCH_SOAK_SECONDS ?? "180" },
    "soak-connections": { type: "string", default: "64" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
    port: { type: "string", default: "3210" },
    report: { type: "string", default: "bench-report.json" },
  },
});

const ARTICLES = Number(args.articles);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const REFERENCE_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "bench-admin@devperspective.test", password: "bench-admin-password", name: "Bench Admin" };
const root = process.cwd();
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const PIN = pinning(os.cpus().length);
const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, commandArgs, { env, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed`);
}

async function freshDatabase(): Promise<{ env: NodeJS.ProcessEnv; cleanup: () => Promise<void>; kind: string }> {
  const base = { ...process.env, NODE_ENV: "production", SITE_URL: BASE, PORT: String(PORT), HOST: "127.0.0.1" };
  if (process.env.DATABASE_URL) {
    const name = `dp_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      kind: "postgres",
      env: { ...base, DATABASE_URL: url.toString() },
      cleanup: async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-bench-"));
  return {
    kind: "pglite",
    env: { ...base, DATABASE_URL: "", DATA_DIR: dataDir },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function waitFor200(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resident memory now (VmRSS), in MB. */
function rssMb(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

function peakRssMb(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .find((value) => value.startsWith("dp_session="));
  if (!cookie) throw new Error(`admin sign-in failed (status ${response.status})`);
  return cookie;
}

async function sampleFromSitemap() {
  const index = await (await fetch(`${BASE}/sitemap.xml`)).text();
  const documents = index.includes("<sitemapindex")
    ? await Promise.all(
        [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(async ([, loc]) =>
          (await fetch(loc!.replace(/^https?:\/\/[^/]+/, BASE))).text(),
        ),
      )
    : [index];
  const locs = documents.flatMap((xml) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname),
  );
  const posts = locs.filter((loc) => loc.startsWith("/post/"));
  const categories = locs.filter((loc) => loc.startsWith("/category/"));
  // Slugs drawn across the whole dataset, not just the newest.
  const step = Math.max(1, Math.floor(posts.length / 500));
  return { posts: posts.filter((_, i) => i % step === 0), categories, totalPosts: posts.length };
}

const SEARCHES = [
  "?q=react",
  "?q=react+hooks",
  "?q=%22event+loop%22",
  "?q=typescript+generics",
  "?q=postgres+index",
  "?q=css+grid",
  "?q=asyn",
  "?q=javascrpt",
  "?q=docker+-kubernetes",
  "?q=performance&category=1",
  "?q=testing&category=2&category=3",
  "?q=node",
];

type RouteSpec = { name: string; paths: string[]; headers?: Record<string, string> };

// Two kinds of client: a browser asks for compressed responses; curl, uptime monitors and many
// crawlers send no Accept-Encoding and get identity bytes.
const CLIENTS = {
  browser: { "Accept-Encoding": "br, gzip", Accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
  identity: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
} as const;
type ClientKind = keyof typeof CLIENTS;

/** The exact bytes `client` receives for `pathname` (compressed or not), with their encoding. */
function fetchRaw(pathname: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${BASE}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ body: Buffer.concat(chunks), encoding: response.headers["content-encoding"] }),
        );
      })
      .on("error", reject);
  });
}

/** wrk, pinned to the client's core, `CONNECTIONS` connections on one thread, cycling through the paths. */
function runWrk(
  paths: string[],
  headers: Record<string, string>,
  options: { port?: number; seconds?: number; countCache?: boolean } = {},
) {
  const scriptPath = path.join(os.tmpdir(), `dp-bench-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(scriptPath, wrkScript(paths, headers, { countCache: options.countCache }));
  const command = [
    ...PIN.client,
    WRK,
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${options.seconds ?? DURATION}s`,
    "--timeout",
    "10s",
    "-s",
    scriptPath,
    `http://127.0.0.1:${options.port ?? PORT}`,
  ];
  return new Promise<ReturnType<typeof parseWrkOutput>>((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("exit", () => {
      fs.rmSync(scriptPath, { force: true });
      try {
        resolve(parseWrkOutput(stdout, { countCache: options.countCache }));
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function drive(route: RouteSpec, client: ClientKind, port = PORT) {
  const result = await runWrk(route.paths, { ...CLIENTS[client], ...route.headers }, { port });
  return {
    route: route.name,
    client,
    reqPerSec: result.reqPerSec,
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function serverTimingP95(paths: string[], headers: Record<string, string> = {}) {
  const durations: number[] = [];
  for (const path of paths) {
    // Each path must be a page no one asked for yet (see uniqueSearches): a list page answers an
    // unknown parameter with a 301 to its canonical address, which the cache may hold.
    const response = await fetch(`${BASE}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`server time: ${path} answered ${response.status}, not a fresh page`);
    if (response.headers.get("X-Cache") === "HIT") throw new Error(`server time: ${path} came from the page cache`);
    const match = /app;dur=([\d.]+)/.exec(response.headers.get("Server-Timing") ?? "");
    if (match) durations.push(Number(match[1]));
  }
  durations.sort((a, b) => a - b);
  return durations.length ? durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.95))] : null;
}

/** A page address with a parameter its route ignores: a fresh render (not for list pages, see above). */
function fresh(path: string) {
  return `${path}${path.includes("?") ? "&" : "?"}bench=${Math.random().toString(36).slice(2)}`;
}

/**
 * `count` searches no one made before, in their canonical form: each of SEARCHES in turn with a
 * word no article has excluded (same hits, same work, a new address); the typo searches, which
 * an exclusion would turn into full-text ones, become new typos of the soak's words.
 */
function uniqueSearches(count: number) {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const query = new URLSearchParams(SEARCHES[i % SEARCHES.length]!.slice(1));
    const q = query.get("q") ?? "";
    if (/^[a-z]+$/.test(q) && !SOAK_WORDS.includes(q) && !["react", "node", "performance"].includes(q)) {
      const word = SOAK_WORDS[Math.floor(Math.random() * SOAK_WORDS.length)]!;
      const at = 1 + Math.floor(Math.random() * (word.length - 1));
      query.set("q", word.length > 4 ? word.slice(0, at) + word.slice(at + 1) : word);
    } else {
      query.set("q", `${q} -zq${i}x${Math.random().toString(36).slice(2, 8)}`);
    }
    const path = `/search?${query}`;
    if (!seen.has(path)) {
      seen.add(path);
      out.push(path);
    }
  }
  return out;
}

/** Per page: the inline script data (KB) and the JavaScript and CSS it loads (KB gzipped). */
async function assetWeight(pagePath: string) {
  const html = await (await fetch(`${BASE}${pagePath}`)).text();
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(src!);
  for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(href!);
  for (const [, href] of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) urls.add(href!);
  for (const [, src] of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(src!);
  const css = new Set<string>();
  for (const [, href] of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(href!);
  const size = async (list: Set<string>) => {
    let total = 0;
    for (const url of list)
      total += gzipSync(Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer())).length;
    return Math.round(total / 102.4) / 10;
  };
  return {
    page: pagePath,
    htmlKb: Math.round(Buffer.byteLength(html) / 102.4) / 10,
    inlineDataKb: inlineScriptKb(html),
    jsKbGzip: await size(urls),
    cssKbGzip: await size(css),
  };
}

function startReference(body: Buffer, encoding: string | undefined): Promise<ChildProcess> {
  const source = `
    const http = require("node:http");
    const body = Buffer.from(process.argv[1], "base64");
    const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length };
    if (process.argv[2]) headers["Content-Encoding"] = process.argv[2];
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${REFERENCE_PORT}, "127.0.0.1", () => process.send && process.send("ready"));`;
  const command = [...PIN.server, process.execPath, "-e", source, body.toString("base64"), encoding ?? ""];
  const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve) => child.once("message", () => resolve(child)));
}

/** The article page's bytes as `client` gets them, answered by a bare node:http server: its req/s. */
async function measureReference(articlePath: string, client: ClientKind) {
  const article = await fetchRaw(articlePath, CLIENTS[client]);
  const reference = await startReference(article.body, article.encoding);
  try {
    log(
      `reference (${client}): bare node:http, the article page's ${article.body.length} bytes (${article.encoding ?? "identity"})`,
    );
    return {
      ...(await drive(
        { name: `reference (node:http, article bytes, ${client})`, paths: ["/"] },
        client,
        REFERENCE_PORT,
      )),
      bytes: article.body.length,
      encoding: article.encoding ?? "identity",
    };
  } finally {
    reference.kill();
  }
}

/** Publishes an article through the editor form (as an administrator would) every second. */
function startWriter(cookie: string, categoryId: number) {
  let stopped = false;
  let writes = 0;
  let failures = 0;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      const slug = `bench-write-${process.pid}-${writes + failures}`;
      const response = await fetch(`${BASE}/admin/articles/new`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Cookie: cookie },
        body: new URLSearchParams({
          title: `Bench write ${writes + failures}`,
          slug,
          content: `## A write during the bench\n\nPublished by the mixed run at ${new Date().toISOString()}.\n`,
          excerpt: "Written by npm run bench.",
          categoryId: String(categoryId),
        }),
      }).catch(() => null);
      if (response && response.status >= 300 && response.status < 400) writes++;
      else failures++;
      await response?.arrayBuffer().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { writes, failures };
  };
}

/**
 * Saving the longest seeded article that uses the writer's toolkit (issue 26: code blocks with
 * titles, marks and diffs, terminal sessions, callouts, math; target under 300 ms): the editor
 * form's POST, timed end to end, `times` saves one after another (each a new slug and one more
 * line of prose, so every save renders; unchanged code blocks hit the highlight cache as they do
 * while an author edits). The first save is reported apart: it loads the highlighter.
 */
async function toolkitSaves(cookie: string, categoryId: number, times = 20) {
  const { articles } = await import("../app/seed/demo/articles/index.ts");
  const rich = articles
    .filter((a) => a.content.includes("```diff-") && a.content.includes("> [!") && a.content.includes("$$"))
    .sort((a, b) => b.content.length - a.content.length)[0];
  if (!rich) throw new Error("no seeded article uses every toolkit feature");
  const timings: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await fetch(`${BASE}/admin/articles/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Cookie: cookie },
      body: new URLSearchParams({
        title: `${rich.title} (bench save ${i})`,
        slug: `bench-toolkit-save-${process.pid}-${i}`,
        content: `${rich.content}\n\nSaved by npm run bench, round ${i}.\n`,
        excerpt: rich.excerpt,
        categoryId: String(categoryId),
      }),
    });
    await response.arrayBuffer();
    if (response.status < 300 || response.status >= 400) throw new Error(`toolkit save answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  const [first, ...rest] = timings;
  const sorted = rest.sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
  return {
    article: rich.slug,
    markdownChars: rich.content.length,
    saves: times,
    firstMs: Math.round(first! * 10) / 10,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: at(1),
    targetMs: 300,
  };
}

/** Reads at full speed (articles and home, as a browser) while one client writes every second. */
async function mixedRun(cookie: string, articlePaths: string[]) {
  const categoryId = Number(
    /[?&]category=(\d+)/.exec(SEARCHES.find((query) => query.includes("category=")) ?? "")?.[1] ?? 1,
  );
  const stop = startWriter(cookie, categoryId);
  const articles = await runWrk(articlePaths, CLIENTS.browser, { countCache: true });
  const written = await stop();
  const cache = articles.cache ?? { hits: 0, misses: 0 };
  const seen = cache.hits + cache.misses;
  return {
    seconds: DURATION,
    writesPerSecond: 1,
    writes: written.writes,
    writeFailures: written.failures,
    reads: {
      reqPerSec: articles.reqPerSec,
      p50: articles.p50,
      p99: articles.p99,
      non2xx: articles.non2xx,
      errors: articles.errors,
    },
    hitRate: seen ? Math.round((cache.hits / seen) * 1000) / 1000 : null,
  };
}

/** Words of the synthetic and demo articles: the soak's searches are made of them. */
const SOAK_WORDS = [
  "react",
  "hooks",
  "typescript",
  "generics",
  "postgres",
  "index",
  "css",
  "grid",
  "docker",
  "node",
  "memory",
  "leaks",
  "testing",
  "caching",
  "profiling",
  "scaling",
  "monitoring",
  "deploying",
  "event",
  "loop",
  "feature",
  "flags",
  "graphql",
  "workers",
  "connection",
  "pools",
  "queues",
  "rate",
  "limiters",
  "monorepos",
  "gateways",
  "validation",
  "schemas",
  "images",
  "flaky",
  "state",
  "machines",
  "async",
  "performance",
  "security",
  "database",
  "server",
  "components",
  "migrations",
  "streams",
  "errors",
];

/**
 * wrk for the soak: `connections` connections, timeout 2 s (a client that waits longer than that
 * has given up), one request in four a unique search (`soakScript`), or only cached pages (`probe`).
 */
function runSoakWrk(cachedPaths: string[], seconds: number, connections: number, probe: boolean) {
  const scriptPath = path.join(os.tmpdir(), `dp-soak-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(
    scriptPath,
    probe ? wrkScript(cachedPaths, CLIENTS.browser) : soakScript(cachedPaths, SOAK_WORDS, CLIENTS.browser),
  );
  const command = [
    ...PIN.client,
    WRK,
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--timeout",
    "2s",
    "-s",
    scriptPath,
    BASE,
  ];
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("exit", () => {
      fs.rmSync(scriptPath, { force: true });
      resolve(stdout);
    });
  });
}

/**
 * The soak of issue 23: cached pages and unique searches together for minutes. Targets: no
 * timeouts, no error status but quick 503s (at most 2 % of requests), cached p99 ≤ 50 ms during it,
 * RSS growth ≤ 50 MB.
 */
async function soakRun(serverPid: number, cachedPaths: string[]) {
  const seconds = Number(args["soak-seconds"]);
  const connections = Number(args["soak-connections"]);
  for (const p of cachedPaths) await (await fetch(`${BASE}${p}`, { headers: CLIENTS.browser })).arrayBuffer();
  const rssBeforeMb = rssMb(serverPid);
  const [soakOut, probeOut] = await Promise.all([
    runSoakWrk(cachedPaths, seconds, connections, false),
    runSoakWrk(cachedPaths, seconds, 4, true),
  ]);
  const rssAfterMb = rssMb(serverPid);
  const soak = parseSoakOutput(soakOut);
  const probe = parseWrkOutput(probeOut);
  return {
    seconds,
    connections,
    requests: soak.requests,
    reqPerSec: soak.reqPerSec,
    searches: soak.searches,
    p50: soak.p50,
    p99: soak.p99,
    timeouts: soak.timeouts,
    otherErrors: soak.errors - soak.timeouts,
    shed503: soak.shed,
    shedShare: soak.requests ? Math.round((soak.shed / soak.requests) * 10000) / 10000 : null,
    failedOtherStatus: soak.failed,
    cachedProbe: { connections: 4, reqPerSec: probe.reqPerSec, p50: probe.p50, p99: probe.p99, non2xx: probe.non2xx },
    rssBeforeMb,
    rssAfterMb,
    rssGrowthMb: rssBeforeMb !== null && rssAfterMb !== null ? rssAfterMb - rssBeforeMb : null,
  };
}

async function main() {
  if (!fs.existsSync(path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    log("building…");
    run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], process.env);
  }
  if (!fs.existsSync(WRK)) throw new Error(`wrk not found at ${WRK} (apt-get install wrk, or set WRK_PATH)`);
  const database = await freshDatabase();
  log(`database: ${database.kind}; seeding demo content + ${ARTICLES} synthetic articles…`);
  const seedStarted = performance.now();
  run(process.execPath, [tsx, "scripts/seed.ts", "--articles", String(ARTICLES)], database.env);
  run(
    process.execPath,
    [tsx, "scripts/admin.ts", "create", "--email", ADMIN.email, "--password", ADMIN.password, "--name", ADMIN.name],
    database.env,
  );
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;

  log(
    `starting the production server${PIN.server.length ? ` on core ${PIN.server.at(-1)}, wrk on core ${PIN.client.at(-1)}` : ""}…`,
  );
  const startedAt = performance.now();
  const serverCommand = [...PIN.server, process.execPath, "server/main.ts"];
  const server = spawn(serverCommand[0]!, serverCommand.slice(1), {
    env: database.env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor200(`${BASE}/`, 60_000);
    const coldStartMs = Math.round(performance.now() - startedAt);
    const cookie = await signIn();
    const sample = await sampleFromSitemap();
    const interviewPrep = "/interview-prep";

    const routes: RouteSpec[] = [
      { name: "/", paths: ["/"] },
      { name: "/post/{slug}", paths: sample.posts },
      { name: "/category/{category}", paths: sample.categories },
      { name: "/search?q=…", paths: SEARCHES.map((query) => `/search${query}`) },
      { name: "/interview-prep", paths: [interviewPrep] },
      { name: "/rss.xml", paths: ["/rss.xml"] },
      {
        name: "/admin/dashboard (signed in)",
        paths: ["/admin/dashboard", "/admin/dashboard?page=2", "/admin/dashboard?q=react"],
        headers: { Cookie: cookie },
      },
    ].filter((route) => !args.only || args.only.split(",").some((part) => route.name.includes(part)));

    // Every measured URL is warmed (both clients), so no run renders cold pages under load.
    log("warming up…");
    for (const route of routes)
      for (const client of Object.keys(CLIENTS) as ClientKind[])
        for (const p of route.paths)
          await (await fetch(`${BASE}${p}`, { headers: { ...CLIENTS[client], ...route.headers } })).arrayBuffer();

    const byClient = {} as Record<
      ClientKind,
      {
        reference: Awaited<ReturnType<typeof measureReference>>;
        routes: Array<
          Awaited<ReturnType<typeof drive>> & { ratioToReference: number; serverPeakRssMbSoFar: number | null }
        >;
      }
    >;
    for (const client of Object.keys(CLIENTS) as ClientKind[]) {
      const reference = await measureReference(sample.posts[0]!, client);
      const results = [];
      for (const route of routes) {
        log(`driving ${route.name} as ${client} for ${DURATION} s…`);
        const result = await drive(route, client);
        results.push({
          ...result,
          ratioToReference: Math.round((result.reqPerSec / reference.reqPerSec) * 1000) / 1000,
          serverPeakRssMbSoFar: peakRssMb(server.pid!),
        });
      }
      byClient[client] = { reference, routes: results };
    }

    let mixed: Awaited<ReturnType<typeof mixedRun>> | null = null;
    if (!args["no-mixed"]) {
      log(`mixed run: reading articles for ${DURATION} s while publishing one article a second…`);
      mixed = await mixedRun(cookie, sample.posts);
    }

    log("timing saves of the longest seeded article with every writer's-toolkit feature…");
    const toolkitSave = await toolkitSaves(
      cookie,
      Number(/[?&]category=(\d+)/.exec(SEARCHES.find((query) => query.includes("category=")) ?? "")?.[1] ?? 1),
    );

    let soak: Awaited<ReturnType<typeof soakRun>> | null = null;
    if (!args["no-soak"]) {
      log(
        `soak: ${args["soak-connections"]} connections for ${args["soak-seconds"]} s, one request in four a unique search…`,
      );
      soak = await soakRun(server.pid!, ["/", ...sample.posts.slice(0, 200), ...sample.categories]);
    }

    log("measuring server time of uncached renders…");
    const serverTimeP95 = {
      search: await serverTimingP95(uniqueSearches(100)),
      article: await serverTimingP95(sample.posts.slice(0, 100).map(fresh)),
      dashboard: await serverTimingP95(
        Array.from({ length: 50 }, () => fresh("/admin/dashboard")),
        { Cookie: cookie },
      ),
    };
    const assets = [
      await assetWeight("/"),
      await assetWeight(sample.posts[0]!),
      await assetWeight(sample.categories[0] ?? "/"),
      await assetWeight("/search?q=react"),
      await assetWeight(interviewPrep),
    ];
    const peak = peakRssMb(server.pid!);

    // `reference` and `routes` keep their earlier meaning (a browser's Accept-Encoding).
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.versions.node },
      loadGenerator: { tool: "wrk", threads: 1, pinned: PIN.client.length > 0 },
      database: database.kind,
      articles: sample.totalPosts,
      seedSeconds,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      coldStartMs,
      serverPeakRssMb: peak,
      reference: byClient.browser.reference,
      routes: byClient.browser.routes,
      byClient,
      mixed,
      soak,
      serverTimeP95Ms: serverTimeP95,
      toolkitSave,
      assets,
    };
    fs.writeFileSync(args.report!, `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
    console.error("");
    console.error(`route                              client      req/s     p50    p99  non2xx errors  ×ref`);
    for (const client of Object.keys(CLIENTS) as ClientKind[]) {
      const { reference, routes: rows } = byClient[client];
      for (const row of [reference, ...rows]) {
        const ratio = "ratioToReference" in row ? String(row.ratioToReference) : "1";
        console.error(
          `${row.route.slice(0, 34).padEnd(34)} ${client.padEnd(9)} ${String(row.reqPerSec).padStart(7)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(6)} ${String(row.non2xx).padStart(7)} ${String(row.errors).padStart(6)}  ${ratio}`,
        );
      }
    }
    if (mixed)
      console.error(
        `mixed: ${mixed.reads.reqPerSec} article req/s, p99 ${mixed.reads.p99} ms, hit rate ${mixed.hitRate} with ${mixed.writes} writes (${mixed.writeFailures} failed)`,
      );
    if (soak)
      console.error(
        `soak: ${soak.requests} requests (${soak.searches} unique searches) in ${soak.seconds} s, ${soak.timeouts} timeouts, ${soak.shed503} shed 503 (${soak.shedShare}), ${soak.failedOtherStatus} other errors; p99 ${soak.p99} ms, cached pages p99 ${soak.cachedProbe.p99} ms; RSS ${soak.rssBeforeMb} → ${soak.rssAfterMb} MB`,
      );
    console.error(
      `cold start ${coldStartMs} ms · peak RSS ${peak} MB · server p95 search ${serverTimeP95.search} ms, article ${serverTimeP95.article} ms, dashboard ${serverTimeP95.dashboard} ms`,
    );
    console.error(
      `toolkit save (${toolkitSave.article}, ${toolkitSave.markdownChars} chars): first ${toolkitSave.firstMs} ms, p50 ${toolkitSave.p50Ms} ms, p95 ${toolkitSave.p95Ms} ms, max ${toolkitSave.maxMs} ms (target < ${toolkitSave.targetMs} ms)`,
    );
    for (const asset of assets)
      console.error(
        `${asset.page}: HTML ${asset.htmlKb} KB, inline data ${asset.inlineDataKb} KB, JS ${asset.jsKbGzip} KB gz, CSS ${asset.cssKbGzip} KB gz`,
      );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await database.cleanup();
  }
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
