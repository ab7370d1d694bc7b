import net from "node:net";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../../playwright.config";

/** Sends raw bytes, for requests no HTTP client library will form. */
function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, 3000);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

test.describe("HTTP layer", () => {
  test("GET /healthz answers 200 when the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("hostile but ordinary requests get a 4xx, never a 500", async ({ request }) => {
    expect(statusOf(await rawRequest("TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"))).toBe(405);
    expect(
      statusOf(
        await rawRequest("GET http://other.example/ HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n"),
      ),
    ).toBe(400);
    expect(statusOf(await rawRequest("GET / HTTP/1.1\r\nHost: bad host!\r\nConnection: close\r\n\r\n"))).toBe(400);
    expect(statusOf(await rawRequest("GET /post/a%00b HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"))).toBe(
      400,
    );
    expect(
      statusOf(await rawRequest("GET /search?q=%00 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")),
    ).toBe(400);
    expect(
      statusOf(await rawRequest("GET /post/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")),
    ).toBe(400);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await request.fetch("/healthz", {
        method,
        data: "not json",
        headers: { "Content-Type": "text/plain" },
      });
      expect(response.status(), method).toBe(405);
    }
  });

  test("a page answered from the cache carries the head of its first answer, and its own request id", async ({
    request,
  }) => {
    const path = "/about";
    const perRequest = new Set(["x-cache", "server-timing", "x-request-id", "date", "connection", "keep-alive"]);
    const headOf = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.has(name)));
    for (const encoding of ["br, gzip", "gzip", "identity"]) {
      const headers = { "Accept-Encoding": encoding };
      const first = await request.get(path, { headers });
      const hit = await request.get(path, { headers });
      expect(hit.headers()["x-cache"]).toBe("HIT");
      expect(hit.headers()["server-timing"]).toBe('cache;desc="HIT"');
      expect(headOf(hit.headers())).toEqual(headOf(first.headers()));
      expect(hit.headers()["x-request-id"]).toMatch(/^[\w-]{4,16}$/);
      expect(hit.headers()["x-request-id"]).not.toBe(first.headers()["x-request-id"]);
      expect((await hit.body()).equals(await first.body())).toBe(true);
    }
    const hit = await request.get(path, { headers: { "X-Request-Id": "hit-probe-1" } });
    expect(hit.headers()["x-request-id"]).toBe("hit-probe-1");
    const head = await request.head(path);
    expect(head.status()).toBe(200);
    expect(head.headers()["x-cache"]).toBe("HIT");
    expect(await head.body()).toHaveLength(0);
    const unchanged = await request.get(path, { headers: { "If-None-Match": String(hit.headers().etag) } });
    expect(unchanged.status()).toBe(304);
    expect(unchanged.headers()["x-cache"]).toBe("HIT");
  });

  test("a request body over the limit is refused with 413", async ({ request }) => {
    const response = await request.post("/login", {
      data: "x".repeat(1024 * 1024 + 10),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    });
    expect(response.status()).toBe(413);
  });

  test("/article/{slug} redirects permanently to /post/{slug}", async ({ request }) => {
    const response = await request.get("/article/some-slug", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/post/some-slug");
  });

  test("static files are served with caching headers", async ({ request }) => {
    const response = await request.get("/favicon.svg");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("max-age");
  });
});
