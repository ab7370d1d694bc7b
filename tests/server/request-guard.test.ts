import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { checkRequestLine, MAX_BODY_BYTES } from "../../server/request-guard";

const request = (method: string, url: string, headers: Record<string, string> = { host: "localhost:3000" }) =>
  ({ method, url, headers }) as unknown as IncomingMessage;

describe("checkRequestLine", () => {
  it("lets ordinary requests through", () => {
    expect(checkRequestLine(request("GET", "/"))).toBeNull();
    expect(checkRequestLine(request("GET", "/search?q=c%2B%2B&category=1"))).toBeNull();
    expect(checkRequestLine(request("POST", "/login", { host: "127.0.0.1:3000", "content-length": "20" }))).toBeNull();
    expect(checkRequestLine(request("HEAD", "/", { host: "[::1]:3000" }))).toBeNull();
  });

  it.each([
    ["TRACE", "/", 405],
    ["OPTIONS", "/", 405],
    ["PROPFIND", "/post/x", 405],
    ["GET", "http://other.example/", 400],
    ["GET", "*", 400],
    ["GET", "//evil/path", 400],
    ["GET", "/post/a%00b", 400],
    ["GET", "/search?q=%00", 400],
    ["GET", "/post/%E0%A4%A", 400],
    ["GET", "/100%", 400],
  ])("%s %s → %i", (method, url, status) => {
    expect(checkRequestLine(request(method, url))?.status).toBe(status);
  });

  it("names the methods the site speaks; PUT, PATCH and DELETE are left to the route (route-methods.ts)", () => {
    expect(checkRequestLine(request("TRACE", "/"))?.headers).toEqual({ Allow: "GET, HEAD, POST" });
    for (const method of ["PUT", "PATCH", "DELETE"]) expect(checkRequestLine(request(method, "/"))).toBeNull();
  });

  it("refuses a malformed or missing Host", () => {
    expect(checkRequestLine(request("GET", "/", { host: "bad host" }))?.status).toBe(400);
    expect(checkRequestLine(request("GET", "/", { host: "a/b" }))?.status).toBe(400);
    expect(checkRequestLine(request("GET", "/", {}))?.status).toBe(400);
  });

  it("asks for a length on a chunked POST", () => {
    expect(
      checkRequestLine(request("POST", "/login", { host: "localhost", "transfer-encoding": "chunked" }))?.status,
    ).toBe(411);
  });

  it("refuses a declared body over the server's ceiling before reading it (a 50 MB upload)", () => {
    const post = (length: number) =>
      checkRequestLine(request("POST", "/admin/media/upload", { host: "localhost", "content-length": String(length) }));
    expect(post(MAX_BODY_BYTES)).toBeNull();
    expect(post(50 * 1024 * 1024)?.status).toBe(413);
  });
});
