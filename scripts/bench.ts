/**
 * npm run bench [-- --articles N] [--duration S] [--connections C] [--only route,route]
 *
 * Seeds a fresh database (embedded by default; DATABASE_URL's server when set), starts the
 * production server, warms it, then drives each route from this separate process with
 * autocannon. Beside it runs a reference: a bare node:http server answering the article page's
 * exact bytes from memory. Prints a table and writes bench-report.json.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";

const { values: args } = parseArgs({
  options: {
    articles: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
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

// Every browser asks for compressed responses; so does the benchmark.
const BROWSER_HEADERS = { "Accept-Encoding": "br, gzip", Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

/** The exact bytes a browser receives for `pathname` (still compressed), with their encoding. */
function fetchRaw(pathname: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${BASE}${pathname}`, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ body: Buffer.concat(chunks), encoding: response.headers["content-encoding"] }),
        );
      })
      .on("error", reject);
  });
}

async function drive(route: RouteSpec, port = PORT) {
  // A single autocannon process saturates one core before this server does (measured: client
  // 100 % CPU, server 20 % on cached pages), so it runs in two worker threads. Each connection
  // cycles through the route's paths.
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    workers: 2,
    requests: route.paths.map((path) => ({
      method: "GET" as const,
      path,
      headers: { ...BROWSER_HEADERS, ...route.headers },
    })),
  });
  return {
    route: route.name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function serverTimingP95(paths: string[], headers: Record<string, string> = {}) {
  const durations: number[] = [];
  for (const path of paths) {
    // A unique parameter forces a fresh render: this measures the work, not the page cache.
    const response = await fetch(
      `${BASE}${path}${path.includes("?") ? "&" : "?"}bench=${Math.random().toString(36).slice(2)}`,
      { headers },
    );
    await response.arrayBuffer();
    const match = /app;dur=([\d.]+)/.exec(response.headers.get("Server-Timing") ?? "");
    if (match) durations.push(Number(match[1]));
  }
  durations.sort((a, b) => a - b);
  return durations.length ? durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.95))] : null;
}

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
  return { page: pagePath, jsKbGzip: await size(urls), cssKbGzip: await size(css) };
}

function startReference(body: Buffer, encoding: string | undefined): Promise<ChildProcess> {
  const source = `
    const http = require("node:http");
    const body = Buffer.from(process.argv[1], "base64");
    const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length };
    if (process.argv[2]) headers["Content-Encoding"] = process.argv[2];
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${REFERENCE_PORT}, "127.0.0.1", () => process.send && process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", source, body.toString("base64"), encoding ?? ""], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve) => child.once("message", () => resolve(child)));
}

async function main() {
  if (!fs.existsSync(path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    log("building…");
    run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], process.env);
  }
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

  log("starting the production server…");
  const startedAt = performance.now();
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: database.env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let reference: ChildProcess | undefined;
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

    log("warming up…");
    for (const route of routes)
      for (const p of route.paths.slice(0, 200))
        await (await fetch(`${BASE}${p}`, { headers: route.headers })).arrayBuffer();

    const article = await fetchRaw(sample.posts[0]!);
    reference = await startReference(article.body, article.encoding);
    log(
      `reference: bare node:http with the article page's exact ${article.body.length} bytes (${article.encoding ?? "identity"})`,
    );
    const referenceResult = await drive({ name: "reference (node:http, article bytes)", paths: ["/"] }, REFERENCE_PORT);

    const results = [];
    for (const route of routes) {
      log(`driving ${route.name} for ${DURATION} s…`);
      const result = await drive(route);
      results.push({
        ...result,
        ratioToReference: Math.round((result.reqPerSec / referenceResult.reqPerSec) * 1000) / 1000,
        serverPeakRssMbSoFar: peakRssMb(server.pid!),
      });
    }

    log("measuring server time of uncached renders…");
    const serverTimeP95 = {
      search: await serverTimingP95(Array.from({ length: 100 }, (_, i) => `/search${SEARCHES[i % SEARCHES.length]}`)),
      article: await serverTimingP95(sample.posts.slice(0, 100)),
      dashboard: await serverTimingP95(
        Array.from({ length: 50 }, () => "/admin/dashboard"),
        { Cookie: cookie },
      ),
    };
    const assets = [await assetWeight("/"), await assetWeight(sample.posts[0]!), await assetWeight("/search?q=react")];
    const peak = peakRssMb(server.pid!);

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.versions.node },
      database: database.kind,
      articles: sample.totalPosts,
      seedSeconds,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      coldStartMs,
      serverPeakRssMb: peak,
      reference: referenceResult,
      routes: results,
      serverTimeP95Ms: serverTimeP95,
      assets,
    };
    fs.writeFileSync(args.report!, `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
    console.error("");
    console.error(`route                               req/s     p50   p99  non2xx errors  ×ref`);
    for (const row of [referenceResult, ...results]) {
      const ratio = "ratioToReference" in row ? String(row.ratioToReference) : "1";
      console.error(
        `${row.route.padEnd(34)} ${String(row.reqPerSec).padStart(7)} ${String(row.p50).padStart(6)} ${String(row.p99).padStart(5)} ${String(row.non2xx).padStart(7)} ${String(row.errors).padStart(6)}  ${ratio}`,
      );
    }
    console.error(
      `cold start ${coldStartMs} ms · peak RSS ${peak} MB · server p95 search ${serverTimeP95.search} ms, article ${serverTimeP95.article} ms, dashboard ${serverTimeP95.dashboard} ms`,
    );
    for (const asset of assets)
      console.error(`${asset.page}: JS ${asset.jsKbGzip} KB gz, CSS ${asset.cssKbGzip} KB gz`);
  } finally {
    reference?.kill();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await database.cleanup();
  }
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
