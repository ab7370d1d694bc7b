/**
 * npm run bench [-- --articles N] [--duration S] [--connections C] [--only route,route] [--no-mixed]
 *
 * Seeds a fresh database (embedded by default; DATABASE_URL's server when set), starts the
 * production server pinned to one core, warms it, then drives each route with wrk pinned to the
 * other core (scripts/bench-wrk.ts), twice: as a browser (`Accept-Encoding: br, gzip`) and as a
 * client that sends no Accept-Encoding (curl, monitors, many crawlers). Each kind of client has
 * its reference: a bare node:http server on the server's core answering the same article pages'
 * exact bytes from memory the way that client gets them (the brotli pages, or the identity pages),
 * cycled in the same order; the older yardstick (one page, always hot in the processor's caches) is
 * measured and printed beside it. The article page and its reference alternate three times (the
 * machine's rate drifts over minutes); the round with the median ratio is reported, with every
 * round's ratio beside it.
 * Then a mixed run (reads at full speed while one client publishes an article every second:
 * hit rate and article p99), server time of uncached renders, and per page the inline script
 * data and the JavaScript it loads. Last, the soak (issue 23): 64 connections for 3 minutes
 * (`--soak-seconds`, `--soak-connections`, `--no-soak`), one request in four a search no one made
 * before, the rest cached pages, wrk's timeout 2 s; beside it a paced probe (50 cached pages a
 * second, scripts/bench-probe.ts) gives the cached pages' p99 during the soak; the server's RSS
 * before and after it.
 * The request observation's cost (issue 27: log line and metrics) is measured alone in CPU µs a
 * request on the server's core (scripts/bench-observation.ts) and stated as its share of a cached
 * article's time per request: a lower bound (in the running server it costs more, decision 28).
 * Prints tables and writes bench-report.json.
 *
 * The newsletter runs (issue 24; `--only newsletter` runs them alone, `--no-newsletter` leaves them
 * out) use their own database and server, with N confirmed subscribers to one category
 * (`--newsletter-subscribers`, default 100 000, seeded with INSERT … SELECT generate_series) and a
 * real SMTP sink in its own process on the load generator's core (scripts/bench-smtp-sink.ts):
 * the server's memory while importing a CSV of `--import-rows` rows (with and without "they
 * consented"); the outbox's send rate of one newsletter to all N on the server's one core
 * (MAIL_RATE_PER_SECOND lifted so that the pace is not the limit); cached pages' p99 (4
 * connections) before and while that send runs; and the publish request's p50/p99
 * (`--newsletter-publishes` each) with 0 subscribers matching, then alternating 0 and N matching
 * while the worker fans the newsletters out. `--only import` runs the two CSV imports alone on that
 * database and server (consented, then without consent; `--import-asked-rows 0` leaves the second
 * out), with the same report (the send and publish parts null): a quick run to iterate on the
 * import's memory.
 *
 * BENCH_SECONDS sets the default duration per run (a smoke run: BENCH_SECONDS=1 --articles 200);
 * BENCH_SOAK_SECONDS the soak's. BENCH_SERVER_LOG=FILE keeps the main server's log (one JSON line a
 * request, with its route, cache HIT or MISS and time): which pages missed during a soak, say.
 * BENCH_MAIL_RATE sets the newsletter server's MAIL_RATE_PER_SECOND (10 000 unless set).
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
    "no-newsletter": { type: "boolean", default: false },
    "newsletter-subscribers": { type: "string", default: "100000" },
    "newsletter-publishes": { type: "string", default: "60" },
    "newsletter-wait-seconds": { type: "string", default: "1200" },
    "import-rows": { type: "string", default: "100000" },
    // Without consent each row queues a confirmation mail, one row at a time (about 6 ms a row on
    // the embedded database): the default is the same count, a smaller one keeps a run short.
    "import-asked-rows": { type: "string" },
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
/** Rounds of the article page against its reference, alternating (the median ratio is reported). */
const ARTICLE_ROUNDS = 3;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "bench-admin@devperspective.test", password: "bench-admin-password", name: "Bench Admin" };
const root = process.cwd();
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const PIN = pinning(os.cpus().length);
const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

// BENCH_NODE_FLAGS="--flag …" starts the bench's servers with those Node/V8 flags (to compare settings).
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, commandArgs, { env, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed`);
}

async function freshDatabase(): Promise<{ env: NodeJS.ProcessEnv; cleanup: () => Promise<void>; kind: string }> {
  const base = {
    // Two malloc arenas and a fixed mmap threshold, as `npm start` and the container run the
    // server (decisions 24 and 28).
    MALLOC_ARENA_MAX: "2",
    MALLOC_MMAP_THRESHOLD_: "131072",
    // No daily backup: its first one starts 60 s after the server and took the server's core from
    // whatever ran then (the third round's reference measured ~40 % low in every run).
    BACKUP_KEEP: "0",
    ...process.env,
    NODE_ENV: "production",
    SITE_URL: BASE,
    PORT: String(PORT),
    HOST: "127.0.0.1",
  };
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
  options: { port?: number; seconds?: number; countCache?: boolean; connections?: number } = {},
) {
  const scriptPath = path.join(os.tmpdir(), `dp-bench-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(scriptPath, wrkScript(paths, headers, { countCache: options.countCache }));
  const command = [
    ...PIN.client,
    WRK,
    "-t1",
    `-c${options.connections ?? CONNECTIONS}`,
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

/**
 * A bare node:http server on the server's core answering each of `pages` (path → exact bytes) from
 * memory with the minimal head; an unknown path gets the first page.
 */
function startReference(pages: Array<[string, Buffer]>, encoding: string | undefined): Promise<ChildProcess> {
  const file = path.join(os.tmpdir(), `dp-bench-reference-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(pages.map(([pathname, body]) => [pathname, body.toString("base64")])));
  const source = `
    const http = require("node:http");
    const encoding = process.argv[2];
    const pages = new Map(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).map(([pathname, base64]) => {
      const body = Buffer.from(base64, "base64");
      const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length };
      if (encoding) headers["Content-Encoding"] = encoding;
      return [pathname, { body, headers }];
    }));
    const first = pages.values().next().value;
    http.createServer((req, res) => { const page = pages.get(req.url) ?? first; res.writeHead(200, page.headers); res.end(page.body); })
      .listen(${REFERENCE_PORT}, "127.0.0.1", () => process.send && process.send("ready"));`;
  const command = [...PIN.server, process.execPath, "-e", source, file, encoding ?? ""];
  const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve) =>
    child.once("message", () => {
      fs.rmSync(file, { force: true });
      resolve(child);
    }),
  );
}

/**
 * The article pages' bytes as `client` gets them, answered by a bare node:http server: its req/s.
 * `articlePaths` are the paths the article run cycles through, each answered with its own bytes
 * (the like-for-like reference: the same pages, the same bytes, the same order); with one path it
 * is the older yardstick, one page kept hot in the processor's caches.
 */
async function measureReference(articlePaths: string[], client: ClientKind) {
  const pages: Array<[string, Buffer]> = [];
  let encoding: string | undefined;
  for (const pathname of articlePaths) {
    const article = await fetchRaw(pathname, CLIENTS[client]);
    pages.push([pathname, article.body]);
    encoding = article.encoding;
  }
  const reference = await startReference(pages, encoding);
  const what = articlePaths.length === 1 ? "one article page" : `the same ${articlePaths.length} article pages`;
  try {
    log(`reference (${client}): bare node:http, ${what} (${encoding ?? "identity"})`);
    return {
      ...(await drive(
        {
          name: `reference (node:http, ${articlePaths.length === 1 ? "one page" : "same pages"}, ${client})`,
          paths: articlePaths,
        },
        client,
        REFERENCE_PORT,
      )),
      bytes: pages[0]![1].length,
      pages: pages.length,
      encoding: encoding ?? "identity",
    };
  } finally {
    reference.kill();
  }
}

/**
 * What observing a request (server/observe.ts: its log line and metrics) costs, in CPU µs, on the
 * server's core (scripts/bench-observation.ts), and its share of a cached article's time per
 * request as each kind of client was served (1 / req/s on one core). Measured directly: a with/
 * without comparison of wrk runs cannot resolve a few percent on this machine (runs of one build
 * differ by ~10 %).
 */
function observationCost(byClient: Record<ClientKind, { routes: Array<{ route: string; reqPerSec: number }> }>) {
  const article = (client: ClientKind) => byClient[client]?.routes.find((row) => row.route.startsWith("/post/"));
  if (!article("browser") && !article("identity")) return null;
  const command = [...PIN.server, process.execPath, path.join(root, "scripts/bench-observation.ts")];
  const result = spawnSync(command[0]!, command.slice(1), { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  const line = result.stderr.trim().split("\n").at(-1) ?? "";
  const measured = JSON.parse(line) as { observedMicros: number; bareMicros: number; costMicros: number };
  const shareOfArticle: Partial<Record<ClientKind, number>> = {};
  for (const client of Object.keys(CLIENTS) as ClientKind[]) {
    const row = article(client);
    if (row) shareOfArticle[client] = Math.round(((measured.costMicros * row.reqPerSec) / 1e6) * 1000) / 1000;
  }
  return { ...measured, shareOfArticle };
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
 * has given up), one request in four a unique search (`soakScript`).
 */
function runSoakWrk(cachedPaths: string[], seconds: number, connections: number) {
  const scriptPath = path.join(os.tmpdir(), `dp-soak-${process.pid}-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(scriptPath, soakScript(cachedPaths, SOAK_WORDS, CLIENTS.browser));
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

/** Cached pages' latency during the soak, measured at a fixed pace (scripts/bench-probe.ts). */
const PROBE_PER_SECOND = 50;

type ProbeResult = {
  rate: number;
  requests: number;
  answered: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
  timeouts: number;
  failed: number;
};

function runProbe(cachedPaths: string[], seconds: number): Promise<ProbeResult> {
  const command = [
    ...PIN.client,
    process.execPath,
    path.join(root, "scripts/bench-probe.ts"),
    BASE,
    String(seconds),
    String(PROBE_PER_SECOND),
    JSON.stringify(cachedPaths),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`the probe exited with ${code}`));
      resolve(JSON.parse(stdout.trim().split("\n").at(-1)!) as ProbeResult);
    });
  });
}

/**
 * The soak of issue 23: cached pages and unique searches together for minutes. Targets: no
 * timeouts, no error status but quick 503s (at most 2 % of requests), cached p99 ≤ 50 ms during it,
 * RSS growth ≤ 50 MB.
 */
const SETTLE_SECONDS = 30;

async function soakRun(serverPid: number, cachedPaths: string[]) {
  const seconds = Number(args["soak-seconds"]);
  const connections = Number(args["soak-connections"]);
  for (const p of cachedPaths) await (await fetch(`${BASE}${p}`, { headers: CLIENTS.browser })).arrayBuffer();
  const rssBeforeMb = rssMb(serverPid);
  // The probe asks at a fixed pace: a wrk probe (4 connections asking again as soon as answered)
  // took most of the server's core for itself and left the soak's searches a fraction of it.
  const [soakOut, probe] = await Promise.all([
    runSoakWrk(cachedPaths, seconds, connections),
    runProbe(cachedPaths, seconds),
  ]);
  const rssAfterMb = rssMb(serverPid);
  // What the process keeps once idle: V8 collects the soak's garbage (its memory reducer starts
  // after 8 s without allocation) and the difference from rssAfterMb was garbage, not growth.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const rssSettledMb = rssMb(serverPid);
  const soak = parseSoakOutput(soakOut);
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
    cachedProbe: probe,
    rssBeforeMb,
    rssAfterMb,
    rssGrowthMb: rssBeforeMb !== null && rssAfterMb !== null ? rssAfterMb - rssBeforeMb : null,
    settleSeconds: SETTLE_SECONDS,
    rssSettledMb,
    rssSettledGrowthMb: rssBeforeMb !== null && rssSettledMb !== null ? rssSettledMb - rssBeforeMb : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The newsletter runs (issue 24): their own database, server and SMTP sink.

type SinkStats = { count: number; firstAt: number | null; lastAt: number | null };

/** The SMTP sink (scripts/bench-smtp-sink.ts), pinned to the load generator's core. */
async function startSink(port: number) {
  const command = [...PIN.client, process.execPath, path.join(root, "scripts/bench-smtp-sink.ts"), String(port)];
  const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the SMTP sink exited (${code})`)));
  });
  return {
    stats: () =>
      new Promise<SinkStats>((resolve) => {
        child.once("message", (message) => resolve(message as SinkStats));
        child.send("stats");
      }),
    stop: async () => {
      child.disconnect();
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

function percentiles(timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10 : null;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** Publishes one article in `categoryId` through the editor form; its time end to end (ms). */
async function publishTimed(cookie: string, categoryId: number, label: string) {
  const started = performance.now();
  const response = await fetch(`${BASE}/admin/articles/new`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Cookie: cookie },
    body: new URLSearchParams({
      title: `Newsletter bench ${label}`,
      slug: `newsletter-bench-${label}`,
      content: `## ${label}\n\nPublished by npm run bench's newsletter runs at ${new Date().toISOString()}.\n\n\`\`\`ts\nconst answer = 42;\n\`\`\`\n`,
      excerpt: "Written by npm run bench.",
      categoryId: String(categoryId),
    }),
  });
  await response.arrayBuffer();
  if (response.status !== 303) throw new Error(`publishing ${label} answered ${response.status}`);
  return performance.now() - started;
}

/** Publishes `count` articles, one every `gapMs`, in the category `categoryFor(i)` gives; timings by category. */
async function publishSeries(
  cookie: string,
  count: number,
  gapMs: number,
  tag: string,
  categoryFor: (i: number) => number,
) {
  const timings = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const started = Date.now();
    const categoryId = categoryFor(i);
    const ms = await publishTimed(cookie, categoryId, `${tag}-${i}-${process.pid}`);
    timings.set(categoryId, [...(timings.get(categoryId) ?? []), ms]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, gapMs - (Date.now() - started))));
  }
  return timings;
}

/**
 * Imports a generated CSV of `rows` addresses (category DevTools) through the Subscribers page's
 * form, and reads the server's resident memory before it and its peak during it (VmHWM, reset
 * first through /proc/PID/clear_refs).
 */
async function importRun(serverPid: number, cookie: string, rows: number, consented: boolean) {
  const tag = consented ? "consented" : "asked";
  const lines = ["email,categories"];
  for (let i = 1; i <= rows; i++) lines.push(`import-${tag}-${i}@bench.test,devtools`);
  const csv = `${lines.join("\n")}\n`;
  const form = new FormData();
  form.set("intent", "import");
  if (consented) form.set("consented", "1");
  form.set("file", new Blob([csv], { type: "text/csv" }), `${tag}.csv`);
  let peakReset = true;
  try {
    fs.writeFileSync(`/proc/${serverPid}/clear_refs`, "5");
  } catch {
    peakReset = false;
  }
  const rssBeforeMb = rssMb(serverPid);
  const started = performance.now();
  const response = await fetch(`${BASE}/admin/subscribers`, {
    method: "POST",
    headers: { Origin: BASE, Cookie: cookie },
    body: form,
  });
  const html = await response.text();
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const peakMb = peakRssMb(serverPid);
  const report = /(\d+) address(?:es)? imported[^<.]*/.exec(html)?.[0] ?? null;
  return {
    rows,
    consented,
    csvMb: Math.round(Buffer.byteLength(csv) / 104857.6) / 10,
    status: response.status,
    report,
    seconds,
    rssBeforeMb,
    peakRssMb: peakReset ? peakMb : null,
    rssAfterMb: rssMb(serverPid),
    growthMb: peakReset && peakMb !== null && rssBeforeMb !== null ? peakMb - rssBeforeMb : null,
    targetGrowthMb: 100,
  };
}

async function categoryIds(cookie: string, names: string[]) {
  const html = await (await fetch(`${BASE}/admin/articles/new`, { headers: { Cookie: cookie } })).text();
  return names.map((name) => {
    const id = new RegExp(`<option value="(\\d+)"[^>]*>${name}</option>`).exec(html)?.[1];
    if (!id) throw new Error(`no category ${name} in the editor`);
    return Number(id);
  });
}

async function newsletterRuns(options: { importsOnly?: boolean } = {}) {
  const subscribers = Number(args["newsletter-subscribers"]);
  const publishes = Number(args["newsletter-publishes"]);
  const importRows = Number(args["import-rows"]);
  const waitSeconds = Number(args["newsletter-wait-seconds"]);
  const sinkPort = PORT + 2;
  const database = await freshDatabase();
  log(
    `newsletter: database ${database.kind}; seeding demo content + ${ARTICLES} articles and ${subscribers} subscribers…`,
  );
  const seedStarted = performance.now();
  // BENCH_SEEDED_FROM=DIR (embedded database): a copy of a data folder made by `scripts/seed.ts
  // --articles N` with the same N, instead of seeding again (~5 min at 100 000 articles).
  const seededFrom = process.env.BENCH_SEEDED_FROM;
  if (seededFrom && database.kind === "pglite") fs.cpSync(seededFrom, database.env.DATA_DIR!, { recursive: true });
  else run(process.execPath, [tsx, "scripts/seed.ts", "--articles", String(ARTICLES)], database.env);
  run(
    process.execPath,
    [tsx, "scripts/admin.ts", "create", "--email", ADMIN.email, "--password", ADMIN.password, "--name", ADMIN.name],
    database.env,
  );
  const subscribersStarted = performance.now();
  run(process.execPath, [tsx, "scripts/bench-subscribers.ts", String(subscribers), "opinion"], database.env);
  const subscriberSeedSeconds = Math.round((performance.now() - subscribersStarted) / 100) / 10;
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const sink = await startSink(sinkPort);
  const env = {
    ...database.env,
    SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
    // The pace is a setting (default 50/s per instance); lifted so that the send rate measured is what one core does.
    // BENCH_MAIL_RATE sets another (the imports' memory at the site's own pace: BENCH_MAIL_RATE=50).
    MAIL_RATE_PER_SECOND: process.env.BENCH_MAIL_RATE ?? "10000",
  };
  const serverCommand = [...PIN.server, process.execPath, ...NODE_FLAGS, "server/main.ts"];
  const server = spawn(serverCommand[0]!, serverCommand.slice(1), { env, stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitFor200(`${BASE}/`, 60_000);
    const cookie = await signIn();
    const [matching, elsewhere] = await categoryIds(cookie, ["Opinion", "Tutorials"]);
    const sample = await sampleFromSitemap();
    const cached = ["/", ...sample.posts.slice(0, 200), ...sample.categories];
    for (const p of cached) await (await fetch(`${BASE}${p}`, { headers: CLIENTS.browser })).arrayBuffer();

    log(`newsletter: importing a CSV of ${importRows} rows with "they consented"…`);
    const importConsented = await importRun(server.pid!, cookie, importRows, true);
    if (options.importsOnly) {
      const askedRows = Number(args["import-asked-rows"] ?? importRows);
      const imports = [importConsented];
      if (askedRows > 0) {
        log(`newsletter: importing a CSV of ${askedRows} rows without "they consented" (a confirmation mail each)…`);
        imports.push(await importRun(server.pid!, cookie, askedRows, false));
      }
      return {
        database: database.kind,
        seedSeconds,
        subscriberSeedSeconds,
        send: null,
        cachedBefore: null,
        cachedDuringSend: null,
        publish: null,
        imports,
      };
    }

    log(`newsletter: cached pages (4 connections) for ${DURATION} s before the send…`);
    const probe = (result: Awaited<ReturnType<typeof runWrk>>) => ({
      connections: 4,
      reqPerSec: result.reqPerSec,
      p50: result.p50,
      p99: result.p99,
      non2xx: result.non2xx,
    });
    const cachedBefore = probe(await runWrk(cached, CLIENTS.browser, { connections: 4 }));

    log(`newsletter: publishing one article to ${subscribers} subscribers; the worker fans it out and sends…`);
    const publishedAt = Date.now();
    const publishMs = await publishTimed(cookie, matching!, `send-${process.pid}`);
    let stats = await sink.stats();
    while (stats.count === 0 && Date.now() - publishedAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stats = await sink.stats();
    }
    const firstMailAfterMs = stats.firstAt === null ? null : stats.firstAt - publishedAt;
    // The publish dropped the pages that list articles: cached again first (their first render
    // waits for the database, busy with the send), so that the probe reads cached pages.
    const warmStarted = performance.now();
    for (const p of cached) await (await fetch(`${BASE}${p}`, { headers: CLIENTS.browser })).arrayBuffer();
    const rewarmMs = Math.round(performance.now() - warmStarted);
    log(`newsletter: cached pages (4 connections) for ${DURATION} s while it sends…`);
    const duringFrom = await sink.stats();
    const duringProbe = await runWrk(cached, CLIENTS.browser, { connections: 4, countCache: true });
    const duringTo = await sink.stats();
    const cache = duringProbe.cache ?? { hits: 0, misses: 0 };
    const cachedDuringSend = {
      ...probe(duringProbe),
      hitRate: cache.hits + cache.misses ? Math.round((cache.hits / (cache.hits + cache.misses)) * 1000) / 1000 : null,
      rewarmAfterPublishMs: rewarmMs,
      mailsMeanwhile: duringTo.count - duringFrom.count,
      sendingThroughout: duringTo.count < subscribers,
      targetP99: 25,
    };
    const deadline = publishedAt + waitSeconds * 1000;
    for (;;) {
      stats = await sink.stats();
      if (stats.count >= subscribers || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const sendSeconds =
      stats.firstAt !== null && stats.lastAt !== null ? Math.max(0.001, (stats.lastAt - stats.firstAt) / 1000) : null;
    const send = {
      subscribers,
      received: stats.count,
      complete: stats.count >= subscribers,
      publishMs: Math.round(publishMs * 10) / 10,
      firstMailAfterMs,
      lastMailAfterSeconds: stats.lastAt === null ? null : Math.round((stats.lastAt - publishedAt) / 100) / 10,
      sendSeconds: sendSeconds === null ? null : Math.round(sendSeconds * 10) / 10,
      mailsPerSecond: sendSeconds === null ? null : Math.round(stats.count / sendSeconds),
      mailConcurrency: 4,
      serverCores: 1,
      targetMailsPerSecond: 200,
    };

    log(`newsletter: ${publishes} publishes matching no subscriber (quiet)…`);
    const quiet = await publishSeries(cookie, publishes, 250, "quiet", () => elsewhere!);
    log(`newsletter: ${publishes * 2} publishes alternating 0 and ${subscribers} subscribers matching…`);
    const alternating = await publishSeries(cookie, publishes * 2, 250, "alt", (i) => (i % 2 ? matching! : elsewhere!));
    const publish = {
      zeroMatchingQuiet: percentiles(quiet.get(elsewhere!) ?? []),
      zeroMatchingWhileFanningOut: percentiles(alternating.get(elsewhere!) ?? []),
      allMatching: { subscribers, ...percentiles(alternating.get(matching!) ?? []) },
    };

    log(
      `newsletter: importing a CSV of ${args["import-asked-rows"] ?? importRows} rows without "they consented" (a confirmation mail each)…`,
    );
    const importAsked = await importRun(server.pid!, cookie, Number(args["import-asked-rows"] ?? importRows), false);
    return {
      database: database.kind,
      seedSeconds,
      subscriberSeedSeconds,
      send,
      cachedBefore,
      cachedDuringSend,
      publish,
      imports: [importConsented, importAsked],
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await sink.stop();
    await database.cleanup();
  }
}

function printNewsletter(newsletter: NewsletterReport) {
  const { send, cachedBefore, cachedDuringSend, publish, imports } = newsletter;
  if (send && cachedBefore && cachedDuringSend && publish) printSend(send, cachedBefore, cachedDuringSend, publish);
  for (const run of imports)
    console.error(
      `CSV import of ${run.rows} rows (${run.csvMb} MB, ${run.consented ? "consented" : "confirmation mails"}): ${run.status} in ${run.seconds} s, RSS ${run.rssBeforeMb} → peak ${run.peakRssMb} MB (growth ${run.growthMb} MB, target < ${run.targetGrowthMb}); "${run.report}"`,
    );
}

type NewsletterReport = Awaited<ReturnType<typeof newsletterRuns>>;

function printSend(
  send: NonNullable<NewsletterReport["send"]>,
  cachedBefore: NonNullable<NewsletterReport["cachedBefore"]>,
  cachedDuringSend: NonNullable<NewsletterReport["cachedDuringSend"]>,
  publish: NonNullable<NewsletterReport["publish"]>,
) {
  console.error(
    `newsletter send: ${send.received}/${send.subscribers} mails in ${send.sendSeconds} s = ${send.mailsPerSecond} mails/s on one core (target ≥ ${send.targetMailsPerSecond}); first mail ${send.firstMailAfterMs} ms after the publish (${send.publishMs} ms)`,
  );
  console.error(
    `cached pages p99: ${cachedBefore.p99} ms before the send, ${cachedDuringSend.p99} ms during it (target ≤ ${cachedDuringSend.targetP99}; ${cachedDuringSend.reqPerSec} req/s, hit rate ${cachedDuringSend.hitRate}, ${cachedDuringSend.mailsMeanwhile} mails meanwhile)`,
  );
  console.error(
    `publish p50/p99: ${publish.zeroMatchingQuiet.p50}/${publish.zeroMatchingQuiet.p99} ms with 0 matching (quiet); alternating: ${publish.zeroMatchingWhileFanningOut.p50}/${publish.zeroMatchingWhileFanningOut.p99} ms with 0, ${publish.allMatching.p50}/${publish.allMatching.p99} ms with ${publish.allMatching.subscribers} matching`,
  );
}

async function main() {
  if (!fs.existsSync(path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    log("building…");
    run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], process.env);
  }
  if (!fs.existsSync(WRK)) throw new Error(`wrk not found at ${WRK} (apt-get install wrk, or set WRK_PATH)`);
  const onlyParts = args.only?.split(",") ?? [];
  const withNewsletter = !args["no-newsletter"] && (onlyParts.length === 0 || onlyParts.includes("newsletter"));
  if (onlyParts.length > 0 && onlyParts.every((part) => part === "newsletter" || part === "import")) {
    const newsletter = await newsletterRuns({ importsOnly: !onlyParts.includes("newsletter") });
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.versions.node },
      newsletter,
    };
    fs.writeFileSync(args.report!, `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
    printNewsletter(newsletter);
    return;
  }
  const database = await freshDatabase();
  log(`database: ${database.kind}; seeding demo content + ${ARTICLES} synthetic articles…`);
  const seedStarted = performance.now();
  // BENCH_SEEDED_FROM=DIR (embedded database): a copy of a data folder made by `scripts/seed.ts
  // --articles N` with the same N, instead of seeding again (~5 min at 100 000 articles).
  const seededFrom = process.env.BENCH_SEEDED_FROM;
  if (seededFrom && database.kind === "pglite") fs.cpSync(seededFrom, database.env.DATA_DIR!, { recursive: true });
  else run(process.execPath, [tsx, "scripts/seed.ts", "--articles", String(ARTICLES)], database.env);
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
  const serverCommand = [...PIN.server, process.execPath, ...NODE_FLAGS, "server/main.ts"];
  // BENCH_SERVER_LOG=FILE keeps the server's log lines (one JSON line a request) for a look later.
  const serverLog = process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, "w") : "ignore";
  const server = spawn(serverCommand[0]!, serverCommand.slice(1), {
    env: database.env,
    stdio: ["ignore", serverLog, "inherit"],
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
        referenceOnePage: Awaited<ReturnType<typeof measureReference>>;
        routes: Array<
          Awaited<ReturnType<typeof drive>> & {
            ratioToReference: number;
            ratioToOnePage: number;
            ratiosByRound?: number[];
            serverPeakRssMbSoFar: number | null;
          }
        >;
      }
    >;
    for (const client of Object.keys(CLIENTS) as ClientKind[]) {
      const referenceOnePage = await measureReference([sample.posts[0]!], client);
      // The article page and its reference alternate, ARTICLE_ROUNDS times: this machine's rate
      // drifts by 10–30 % over minutes, and a ratio of two runs made minutes apart moved with it.
      // The round with the median ratio is reported (its reference serves the other routes).
      const article = routes.find((route) => route.name === "/post/{slug}");
      const rounds: Array<{
        reference: Awaited<ReturnType<typeof measureReference>>;
        result: Awaited<ReturnType<typeof drive>> | null;
      }> = [];
      for (let round = 0; round < (article ? ARTICLE_ROUNDS : 1); round++) {
        const reference = await measureReference(sample.posts, client);
        if (article)
          log(`driving ${article.name} as ${client} for ${DURATION} s (round ${round + 1} of ${ARTICLE_ROUNDS})…`);
        rounds.push({ reference, result: article ? await drive(article, client) : null });
      }
      const ratioOf = (round: (typeof rounds)[number]) => (round.result?.reqPerSec ?? 0) / round.reference.reqPerSec;
      const median = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds.length / 2)]!;
      const { reference } = median;
      const results = [];
      for (const route of routes) {
        let result: Awaited<ReturnType<typeof drive>>;
        if (route === article) result = median.result!;
        else {
          log(`driving ${route.name} as ${client} for ${DURATION} s…`);
          result = await drive(route, client);
        }
        results.push({
          ...result,
          ratioToReference: Math.round((result.reqPerSec / reference.reqPerSec) * 1000) / 1000,
          ratioToOnePage: Math.round((result.reqPerSec / referenceOnePage.reqPerSec) * 1000) / 1000,
          ...(route === article
            ? { ratiosByRound: rounds.map((round) => Math.round(ratioOf(round) * 1000) / 1000) }
            : {}),
          serverPeakRssMbSoFar: peakRssMb(server.pid!),
        });
      }
      byClient[client] = { reference, referenceOnePage, routes: results };
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
    const observation = observationCost(byClient);

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
      observation,
    };
    fs.writeFileSync(args.report!, `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
    console.error("");
    console.error(
      `route                              client      req/s     p50    p99  non2xx errors  ×ref (same pages; one hot page)`,
    );
    for (const client of Object.keys(CLIENTS) as ClientKind[]) {
      const { reference, referenceOnePage, routes: rows } = byClient[client];
      for (const row of [referenceOnePage, reference, ...rows]) {
        const ratio =
          "ratioToReference" in row
            ? `${row.ratioToReference} (one page: ${row.ratioToOnePage})${row.ratiosByRound ? ` rounds ${row.ratiosByRound.join(", ")}` : ""}`
            : row === reference
              ? "1"
              : "";
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
        `soak: ${soak.requests} requests (${soak.searches} unique searches) in ${soak.seconds} s, ${soak.timeouts} timeouts, ${soak.shed503} shed 503 (${soak.shedShare}), ${soak.failedOtherStatus} other errors; p99 ${soak.p99} ms, cached pages p99 ${soak.cachedProbe.p99} ms (max ${soak.cachedProbe.max}, ${soak.cachedProbe.timeouts} timeouts, paced probe); RSS ${soak.rssBeforeMb} → ${soak.rssAfterMb} MB at the end, ${soak.rssSettledMb} MB after ${soak.settleSeconds} s idle`,
      );
    console.error(
      `cold start ${coldStartMs} ms · peak RSS ${peak} MB · server p95 search ${serverTimeP95.search} ms, article ${serverTimeP95.article} ms, dashboard ${serverTimeP95.dashboard} ms`,
    );
    console.error(
      `toolkit save (${toolkitSave.article}, ${toolkitSave.markdownChars} chars): first ${toolkitSave.firstMs} ms, p50 ${toolkitSave.p50Ms} ms, p95 ${toolkitSave.p95Ms} ms, max ${toolkitSave.maxMs} ms (target < ${toolkitSave.targetMs} ms)`,
    );
    if (observation)
      console.error(
        `request observation (log line + metrics), measured alone: ${observation.costMicros} µs CPU a request; of a cached article's time per request: ${Object.entries(
          observation.shareOfArticle,
        )
          .map(([client, share]) => `${client} ${(share * 100).toFixed(1)} %`)
          .join(
            ", ",
          )}. Alone is a lower bound: in place they cost more (scripts/bench-lines.ts measures it: 11.7 % as a browser on 2026-11-29, decision 28; target ≤ 5 %)`,
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
  if (withNewsletter) {
    // On their own database and server, after the others (the same port).
    const newsletter = await newsletterRuns();
    const report = JSON.parse(fs.readFileSync(args.report!, "utf8"));
    fs.writeFileSync(args.report!, `${JSON.stringify({ ...report, newsletter }, null, 2)}\n`);
    console.log(JSON.stringify({ newsletter }, null, 2));
    printNewsletter(newsletter);
  }
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
