/**
 * A small seeded fuzz test (issue 12.4): a few hundred generated requests across methods, content
 * types, content encodings, path shapes and header sizes, on both databases. Any 5xx, any network
 * error and any error-level line in the server's log fails it. The seed is fixed (FUZZ_SEED
 * overrides it), so a failure replays exactly; each request names itself in the failure.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = 300;
const CONCURRENCY = 4;

/** mulberry32: a tiny deterministic PRNG. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATHS = [
  "/",
  "/login",
  "/register",
  "/logout",
  "/forgot-password",
  "/reset-password?token=x",
  "/verify-email?token=x",
  "/admin",
  "/admin/login",
  "/admin/logout",
  "/admin/dashboard",
  "/admin/articles/new",
  "/admin/articles/edit/1",
  "/admin/articles/delete/1",
  "/admin/articles/preview",
  "/admin/media",
  "/admin/media/upload",
  "/post/understanding-the-javascript-event-loop",
  "/post/understanding-the-javascript-event-loop.md",
  "/post/no-such-article",
  "/article/understanding-the-javascript-event-loop",
  "/category/react",
  "/category/nope",
  "/interview-prep",
  "/search?q=react",
  "/search",
  "/whats-new",
  "/about",
  "/auth/github",
  "/auth/github/callback?code=x&state=y",
  "/rss.xml",
  "/atom.xml",
  "/feed.json",
  "/sitemap.xml",
  "/robots.txt",
  "/llms.txt",
  "/healthz",
  "/media/0000000000000000000000000000000000000000000000000000000000000000.png",
  "/contact",
  "/reading-list",
  "/assets/nope.js",
  "/no/such/page",
];
const METHODS = [
  "GET",
  "GET",
  "HEAD",
  "POST",
  "POST",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
];
const TYPES = [
  undefined,
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=fuzz",
  "multipart/form-data; boundary=other",
  "application/json",
  "text/plain",
  "application/octet-stream",
  "image/png",
  "application/x-www-form-urlencoded; charset=utf-16",
  ";;;",
];
const ENCODINGS = [undefined, undefined, "gzip", "br", "identity", "deflate, gzip", "x-nonsense"];

type Case = { method: string; path: string; headers: Record<string, string>; body?: Buffer; label: string };

function generate(next: () => number, base: string): Case[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(next() * 256)));
  const cases: Case[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    let path = pick(PATHS);
    const shape = Math.floor(next() * 10);
    if (shape === 0) path = `${path.split("?")[0]}.data`;
    else if (shape === 1) path = `${path}${path.includes("?") ? "&" : "?"}_data=routes%2Flogin`;
    else if (shape === 2) path = `${path}/%zz%E0%A4%A`;
    else if (shape === 3) path = `/${"a/".repeat(Math.floor(next() * 2000))}x`;
    else if (shape === 4) path = `${path}${path.includes("?") ? "&" : "?"}${"k=v&".repeat(Math.floor(next() * 800))}`;
    else if (shape === 5) path = `/%2e%2e/${path}/../..//x`;
    else if (shape === 6)
      path = `${path}?q=${encodeURIComponent("ü🚀\u202e")}&page=${pick(["0", "-1", "abc", "99999999999"])}`;
    const method = pick(METHODS);
    const headers: Record<string, string> = {};
    const origin = pick([base, base, "https://evil.example", undefined, "null"]);
    if (origin) headers.Origin = origin;
    const type = pick(TYPES);
    let body: Buffer | undefined;
    if (method !== "GET" && method !== "HEAD" && next() < 0.85) {
      const kind = Math.floor(next() * 5);
      if (kind === 0) body = Buffer.alloc(0);
      else if (kind === 1) body = Buffer.from("email=a%40b.co&password=secret12&title=x&content=y");
      else if (kind === 2)
        body = Buffer.from('--fuzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--fu');
      else if (kind === 3) body = bytes(Math.floor(next() * 4096));
      else body = Buffer.from(JSON.stringify({ email: "a@b.co", nested: [[[[{}]]]] }));
      if (type) headers["Content-Type"] = type;
      const encoding = pick(ENCODINGS);
      if (encoding) headers["Content-Encoding"] = encoding;
    }
    const headerSize = pick([0, 0, 0, 100, 4_000, 12_000, 20_000]);
    if (headerSize) headers["X-Fuzz-Padding"] = "p".repeat(headerSize);
    if (next() < 0.1) headers.Cookie = `dp_session=${bytes(24).toString("base64url")}; dp_toast=%zz`;
    if (next() < 0.1) headers["Accept-Encoding"] = pick(["br", "gzip", "identity;q=0", "*", "x"]);
    const label = `#${i} ${method} ${path.slice(0, 80)} type=${headers["Content-Type"] ?? "-"} enc=${headers["Content-Encoding"] ?? "-"} hdr=${headerSize} body=${body?.length ?? "-"}`;
    cases.push({ method, path, headers, body, label });
  }
  return cases;
}

function send(base: string, request: Case): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(base);
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...(request.body ? { "Content-Length": request.body.length } : {}) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("timed out")));
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

for (const database of testDatabases) {
  test.describe(`fuzz on ${database.name}`, () => {
    test.describe.configure({ timeout: 300_000 });
    let server: RunningServer;
    let drop: () => Promise<void>;

    test.beforeAll(async () => {
      // A first start migrates and seeds: slow on a busy machine, and the drop in afterAll must
      // never race a server still starting.
      test.setTimeout(180_000);
      const created = await database.create();
      drop = created.drop;
      server = await startServer({ env: created.env });
    });

    test.afterAll(async () => {
      await stopServer(server);
      await drop?.();
    });

    test(`${REQUESTS} seeded requests (seed ${SEED}): no 5xx, no network error, nothing logged at error level`, async () => {
      const cases = generate(random(SEED), server.url);
      const errorsBefore = server.errors().length;
      const failures: string[] = [];
      let index = 0;
      const worker = async () => {
        while (index < cases.length) {
          const request = cases[index++]!;
          try {
            const status = await send(server.url, request);
            if (status >= 500 || status === 0) failures.push(`${status} ${request.label}`);
          } catch (error) {
            failures.push(`network error (${(error as Error).message}) ${request.label}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      expect(failures).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.errors().slice(errorsBefore)).toBe("");
    });
  });
}
