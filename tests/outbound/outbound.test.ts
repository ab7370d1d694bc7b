/**
 * The outbound request guard against a real HTTP server on 127.0.0.1: refused by default (with
 * the reason), reached with ALLOW_PRIVATE_OUTBOUND on, names whose lookup leads to a refused
 * address, every redirect hop checked again, the deadline, the body cap, the URL rules. No
 * network: host names other than the server's address are answered by an injected resolver.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, parseEnv } from "~/env.server";
import { type OutboundInit, type OutboundResolver, outboundFetch } from "~/outbound/outbound.server";

type Server = { port: number; origin: string; hits: Map<string, number>; close(): Promise<void> };

async function startServer(): Promise<Server> {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const to = url.searchParams.get("to");
      if (url.pathname === "/hello") {
        response.writeHead(200, { "Content-Type": "text/plain", "X-Test": "yes" });
        response.end("hello");
      } else if (url.pathname === "/echo") {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify({ method: request.method, body: Buffer.concat(chunks).toString(), headers: request.headers }),
        );
      } else if (url.pathname === "/redirect" && to) {
        response.writeHead(Number(url.searchParams.get("status") ?? 302), { Location: to });
        response.end();
      } else if (url.pathname === "/loop") {
        response.writeHead(302, { Location: "/loop" });
        response.end();
      } else if (url.pathname === "/no-headers") {
        // never answers
      } else if (url.pathname === "/slow-body") {
        response.writeHead(200, { "Content-Type": "text/plain" });
        response.write("a little");
        // never ends
      } else if (url.pathname === "/declared-big") {
        response.writeHead(200, { "Content-Length": 50 * 1024 * 1024 });
        // Node's server sends nothing for a HEAD's writes, the headers included, until end().
        if (request.method === "HEAD") response.end();
        else response.write(Buffer.alloc(1024));
      } else if (url.pathname === "/streamed") {
        const size = Number(url.searchParams.get("bytes"));
        response.writeHead(200, { "Content-Type": "application/octet-stream" });
        const chunk = Buffer.alloc(16 * 1024, 1);
        let sent = 0;
        while (sent < size && !response.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.byteLength, size - sent));
          response.write(part);
          sent += part.byteLength;
        }
        response.end();
      } else {
        response.writeHead(404);
        response.end("not found");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let server: Server;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** Runs `fn` with ALLOW_PRIVATE_OUTBOUND=true, then back to the default. */
async function withPrivateAllowed<T>(fn: () => Promise<T>): Promise<T> {
  const settings = env();
  settings.ALLOW_PRIVATE_OUTBOUND = true;
  try {
    return await fn();
  } finally {
    settings.ALLOW_PRIVATE_OUTBOUND = false;
  }
}

/** A resolver that answers every name with `addresses` and counts its calls. */
function resolverTo(...addresses: string[]): OutboundResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

/** Local names (allowed.test, other.test) that lead to the test server and are not checked. */
const local: OutboundInit = { resolve: resolverTo("127.0.0.1"), allowHosts: ["allowed.test", "other.test"] };
const at = (host: string, path: string) => `http://${host}:${server.port}${path}`;

async function failure(url: string, init?: OutboundInit) {
  const result = await outboundFetch(url, init);
  if (result.kind === "response") throw new Error(`${url} answered ${result.status}`);
  return result;
}

describe("outboundFetch", () => {
  it("is off by default and reads as a boolean setting", () => {
    expect(env().ALLOW_PRIVATE_OUTBOUND).toBe(false);
    expect(parseEnv({}).ALLOW_PRIVATE_OUTBOUND).toBe(false);
    expect(parseEnv({ ALLOW_PRIVATE_OUTBOUND: "true" }).ALLOW_PRIVATE_OUTBOUND).toBe(true);
    expect(parseEnv({ ALLOW_PRIVATE_OUTBOUND: "FALSE" }).ALLOW_PRIVATE_OUTBOUND).toBe(false);
    expect(parseEnv({ ALLOW_PRIVATE_OUTBOUND: "" }).ALLOW_PRIVATE_OUTBOUND).toBe(false);
    expect(() => parseEnv({ ALLOW_PRIVATE_OUTBOUND: "yes" })).toThrow(
      'ALLOW_PRIVATE_OUTBOUND: must be "true" or "false" (default) (got "yes")',
    );
  });

  it("refuses the local server by default, with the reason, before connecting", async () => {
    const refused = await failure(`${server.origin}/hello`);
    expect(refused).toEqual({
      kind: "refused",
      reason: "refused: 127.0.0.1 is a loopback address",
      url: `${server.origin}/hello`,
    });
    expect(server.hits.get("/hello")).toBeUndefined();
  });

  it("reaches it with ALLOW_PRIVATE_OUTBOUND=true: status, headers, body and the final address", async () => {
    const result = await withPrivateAllowed(() => outboundFetch(`${server.origin}/hello`));
    expect(result.kind).toBe("response");
    if (result.kind !== "response") return;
    expect(result.status).toBe(200);
    expect(result.headers.get("x-test")).toBe("yes");
    expect(result.body.toString()).toBe("hello");
    expect(result.url).toBe(`${server.origin}/hello`);
    expect(result.redirects).toBe(0);
    // A status that is not 2xx is still an answer, for the caller to judge.
    const missing = await withPrivateAllowed(() => outboundFetch(`${server.origin}/nothing`));
    expect(missing.kind === "response" && missing.status).toBe(404);
  });

  it("refuses a public-looking name whose lookup gives a refused address, in the connection's own lookup", async () => {
    const before = server.hits.get("/hello") ?? 0;
    for (const [addresses, reason] of [
      [["127.0.0.1"], "refused: public.example resolves to 127.0.0.1, a loopback address"],
      [["::1"], "refused: public.example resolves to ::1, a loopback address"],
      [["::ffff:127.0.0.1"], "refused: public.example resolves to ::ffff:127.0.0.1 (127.0.0.1), a loopback address"],
      // One private answer among public ones is enough (a rebinding name answering both).
      [["93.184.216.34", "10.0.0.7"], "refused: public.example resolves to 10.0.0.7, a private address"],
      [["169.254.169.254"], "refused: public.example resolves to 169.254.169.254, a cloud metadata address"],
    ] as const) {
      const resolve = resolverTo(...addresses);
      const refused = await failure(at("public.example", "/hello"), { resolve });
      expect(refused.kind).toBe("refused");
      expect(refused.reason).toBe(reason);
      // Looked up once, by the connection itself: there is no earlier check a second answer could follow.
      expect(resolve.calls).toEqual(["public.example"]);
    }
    // https connects through the same checked lookup.
    const secure = resolverTo("127.0.0.1");
    const overTls = await failure(`https://public.example:${server.port}/hello`, { resolve: secure });
    expect([overTls.kind, overTls.reason]).toEqual([
      "refused",
      "refused: public.example resolves to 127.0.0.1, a loopback address",
    ]);
    expect(secure.calls).toEqual(["public.example"]);
    expect(server.hits.get("/hello") ?? 0).toBe(before);
  });

  it("connects to the address the checked lookup gave (the Host header keeps the name)", async () => {
    const resolve = resolverTo("127.0.0.1");
    const result = await withPrivateAllowed(() => outboundFetch(at("public.example", "/echo"), { resolve }));
    expect(result.kind).toBe("response");
    if (result.kind !== "response") return;
    expect(JSON.parse(result.body.toString()).headers.host).toBe(`public.example:${server.port}`);
    expect(resolve.calls).toEqual(["public.example"]);
  });

  it("checks every redirect hop again: an allowed target redirecting to a refused one is refused", async () => {
    const followed = await outboundFetch(at("allowed.test", `/redirect?to=${encodeURIComponent("/hello")}`), local);
    expect(followed.kind === "response" && [followed.status, followed.redirects, followed.url]).toEqual([
      200,
      1,
      at("allowed.test", "/hello"),
    ]);
    const before = server.hits.get("/hello") ?? 0;
    for (const [target, reason] of [
      [`${server.origin}/hello`, "refused: 127.0.0.1 is a loopback address"],
      [at("rebind.test", "/hello"), "refused: rebind.test resolves to 127.0.0.1, a loopback address"],
      ["http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a cloud metadata address"],
      [
        "http://metadata.google.internal/computeMetadata/v1/",
        "refused: metadata.google.internal is a cloud metadata host",
      ],
      [`http://[::ffff:127.0.0.1]:${server.port}/hello`, "refused: ::ffff:7f00:1 (127.0.0.1) is a loopback address"],
    ]) {
      for (const status of [301, 302, 303, 307, 308]) {
        const refused = await failure(
          at("allowed.test", `/redirect?status=${status}&to=${encodeURIComponent(target!)}`),
          local,
        );
        expect(refused, `${status} to ${target}`).toEqual({ kind: "refused", reason, url: new URL(target!).href });
      }
    }
    expect(server.hits.get("/hello") ?? 0).toBe(before);
  });

  it("turns a 303 into a GET without the body; 307 and 308 keep the method and body", async () => {
    const post = { ...local, method: "POST", body: '{"a":1}', headers: { "Content-Type": "application/json" } };
    const seeOther = await outboundFetch(at("allowed.test", "/redirect?status=303&to=/echo"), post);
    if (seeOther.kind !== "response") throw new Error(seeOther.reason);
    const afterSeeOther = JSON.parse(seeOther.body.toString());
    expect([afterSeeOther.method, afterSeeOther.body, afterSeeOther.headers["content-type"]]).toEqual([
      "GET",
      "",
      undefined,
    ]);
    for (const status of [307, 308]) {
      const kept = await outboundFetch(at("allowed.test", `/redirect?status=${status}&to=/echo`), post);
      if (kept.kind !== "response") throw new Error(kept.reason);
      const echoed = JSON.parse(kept.body.toString());
      expect([echoed.method, echoed.body, echoed.headers["content-type"]]).toEqual([
        "POST",
        '{"a":1}',
        "application/json",
      ]);
    }
  });

  it("keeps credentials headers on the same origin only", async () => {
    const init = { ...local, headers: { Authorization: "Bearer secret", "X-Signature": "sig" } };
    const same = await outboundFetch(at("allowed.test", "/redirect?to=/echo"), init);
    const other = await outboundFetch(
      at("allowed.test", `/redirect?to=${encodeURIComponent(at("other.test", "/echo"))}`),
      init,
    );
    if (same.kind !== "response" || other.kind !== "response") throw new Error("no answer");
    expect(JSON.parse(same.body.toString()).headers.authorization).toBe("Bearer secret");
    const crossed = JSON.parse(other.body.toString()).headers;
    expect([crossed.authorization, crossed["x-signature"]]).toEqual([undefined, "sig"]);
  });

  it("follows at most maxRedirects (5 by default)", async () => {
    const endless = await failure(at("allowed.test", "/loop"), local);
    expect([endless.kind, endless.reason]).toEqual(["too-many-redirects", "more than 5 redirects"]);
    const before = server.hits.get("/loop") ?? 0;
    const two = await failure(at("allowed.test", "/loop"), { ...local, maxRedirects: 2 });
    expect(two.reason).toBe("more than 2 redirects");
    expect((server.hits.get("/loop") ?? 0) - before).toBe(3);
  });

  it("times out on the whole exchange: waiting for headers, or for the rest of the body", async () => {
    for (const path of ["/no-headers", "/slow-body", `/redirect?to=/slow-body`]) {
      const started = performance.now();
      const late = await failure(at("allowed.test", path), { ...local, timeoutMs: 300 });
      expect([late.kind, late.reason], path).toEqual(["timeout", "timed out after 0.3 s"]);
      expect(performance.now() - started, path).toBeLessThan(3000);
    }
    // A lookup that never answers is inside the deadline too.
    const stuck = await failure("http://slow-dns.test/", { resolve: () => new Promise(() => {}), timeoutMs: 200 });
    expect([stuck.kind, stuck.reason]).toEqual(["timeout", "timed out after 0.2 s"]);
    const controller = new AbortController();
    const pending = outboundFetch(at("allowed.test", "/no-headers"), { ...local, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await pending).kind).toBe("aborted");
  });

  it("caps the body: a declared length or the bytes read over maxBytes", async () => {
    const declared = await failure(at("allowed.test", "/declared-big"), local);
    expect([declared.kind, declared.reason]).toEqual(["too-large", "the answer is larger than 1 MiB"]);
    const streamed = await failure(at("allowed.test", "/streamed?bytes=200000"), { ...local, maxBytes: 64 * 1024 });
    expect([streamed.kind, streamed.reason]).toEqual(["too-large", "the answer is larger than 64 KiB"]);
    // A HEAD's Content-Length is the size of a body that is not sent.
    const head = await outboundFetch(at("allowed.test", "/declared-big"), { ...local, method: "HEAD" });
    expect(head.kind === "response" && [head.status, head.body.byteLength]).toEqual([200, 0]);
    const exact = await outboundFetch(at("allowed.test", "/streamed?bytes=65536"), { ...local, maxBytes: 64 * 1024 });
    expect(exact.kind === "response" && exact.body.byteLength).toBe(65_536);
  });

  it("refuses literal loopback, private, link-local and metadata addresses in every spelling", async () => {
    const resolve = resolverTo("93.184.216.34");
    for (const [url, reason] of [
      ["http://127.0.0.1/", "refused: 127.0.0.1 is a loopback address"],
      ["http://2130706433/", "refused: 127.0.0.1 is a loopback address"],
      ["http://0x7f.1/", "refused: 127.0.0.1 is a loopback address"],
      ["http://0177.0.0.1/", "refused: 127.0.0.1 is a loopback address"],
      ["http://127.1:8080/", "refused: 127.0.0.1 is a loopback address"],
      ["https://0/", 'refused: 0.0.0.0 is a "this network" address'],
      ["http://10.0.0.1/", "refused: 10.0.0.1 is a private address"],
      ["http://192.168.0.1:3000/", "refused: 192.168.0.1 is a private address"],
      ["http://[::1]/", "refused: ::1 is a loopback address"],
      ["http://[::]/", "refused: :: is an unspecified address"],
      ["http://[::ffff:127.0.0.1]/", "refused: ::ffff:7f00:1 (127.0.0.1) is a loopback address"],
      ["http://[0:0:0:0:0:ffff:a00:1]/", "refused: ::ffff:a00:1 (10.0.0.1) is a private address"],
      ["http://[fe80::1]/", "refused: fe80::1 is a link-local address"],
      ["http://[fc00::1]/", "refused: fc00::1 is a private (unique local) address"],
      ["http://[ff02::1]/", "refused: ff02::1 is a multicast address"],
      ["http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a cloud metadata address"],
      ["http://[fd00:ec2::254]/latest/", "refused: fd00:ec2::254 is a cloud metadata address"],
      [
        "http://metadata.google.internal/computeMetadata/v1/",
        "refused: metadata.google.internal is a cloud metadata host",
      ],
      ["http://Metadata.Google.Internal./", "refused: metadata.google.internal is a cloud metadata host"],
    ]) {
      const refused = await failure(url!, { resolve });
      expect([refused.kind, refused.reason], url).toEqual(["refused", reason]);
    }
    // Refused by the address or the name itself: nothing was looked up.
    expect(resolve.calls).toEqual([]);
  });

  it("refuses other schemes, credentials and bad addresses; says when a name has no address", async () => {
    for (const [url, reason] of [
      ["ftp://example.com/a", "not an http(s) address"],
      ["file:///etc/passwd", "not an http(s) address"],
      ["gopher://example.com/", "not an http(s) address"],
      ["http://user:secret@example.com/", "an address with credentials"],
      ["http://:secret@example.com/", "an address with credentials"],
      ["not a url", "not a valid address"],
    ]) {
      const refused = await failure(url!, { resolve: resolverTo("93.184.216.34") });
      expect([refused.kind, refused.reason], url).toEqual(["bad-url", reason]);
    }
    const badHop = await failure(at("allowed.test", `/redirect?to=${encodeURIComponent("http://[::1")}`), local);
    expect([badHop.kind, badHop.reason]).toEqual(["bad-url", "a redirect to an invalid address"]);
    const nowhere = await failure("http://nowhere.test/", {
      resolve: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.test"), { code: "ENOTFOUND" });
      },
    });
    expect([nowhere.kind, nowhere.reason]).toEqual(["unresolvable", "nowhere.test cannot be resolved"]);
    const empty = await failure("http://empty.test/", { resolve: resolverTo() });
    expect([empty.kind, empty.reason]).toEqual(["unresolvable", "empty.test cannot be resolved"]);
  });

  it("says in words when the connection fails", async () => {
    // https to the plain-HTTP server: the name's address is reached, the TLS handshake is not.
    const notTls = await failure(at("allowed.test", "/hello").replace("http:", "https:"), local);
    expect(notTls.kind).toBe("network");
    expect(notTls.reason).toMatch(
      new RegExp(`^allowed\\.test:${server.port} did not complete a TLS handshake \\((EPROTO|ERR_SSL_\\w+)\\)$`),
    );
    const closed = await startServer();
    await closed.close();
    const refused = await withPrivateAllowed(() => failure(`${closed.origin}/hello`));
    expect([refused.kind, refused.reason]).toEqual(["network", `127.0.0.1:${closed.port} refused the connection`]);
  });
});
