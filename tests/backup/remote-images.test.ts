/**
 * The remote-image fetcher of imports: public addresses only (every resolved address checked,
 * every redirect hop checked again), a deadline and a size cap. The tests' image server is on
 * localhost, which only IMPORT_FETCH_ALLOW_HOSTS admits (set here before the environment is read).
 * Which addresses are public is tested with the outbound guard (tests/outbound/addresses.test.ts).
 */
process.env.IMPORT_FETCH_ALLOW_HOSTS = "localhost";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemoteImage, RemoteImageError } from "~/backup/remote-images.server";
import { env } from "~/env.server";
import { type ImageServer, numberedPng, startImageServer } from "./image-server";

describe("fetchRemoteImage", () => {
  let server: ImageServer;
  beforeAll(async () => {
    server = await startImageServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const refusal = (src: string, options?: Parameters<typeof fetchRemoteImage>[1]) =>
    fetchRemoteImage(src, options).then(
      () => null,
      (error: Error) => error,
    );

  it("fetches an image from an allowed host, following redirects", async () => {
    const direct = await fetchRemoteImage(`${server.origin}/img/3.png`);
    expect(direct.bytes.equals(await numberedPng(3))).toBe(true);
    expect(direct.name).toBe("3.png");
    const redirected = await fetchRemoteImage(`${server.origin}/redirect/4`);
    expect(redirected.bytes.equals(await numberedPng(4))).toBe(true);
    expect(redirected.url).toBe(`${server.origin}/img/4.png`);
  });

  it("refuses loopback and private addresses, written or resolved, and at every redirect hop", async () => {
    const before = server.hits.get("/img/1.png") ?? 0;
    for (const [src, message] of [
      [`http://127.0.0.1:${server.port}/img/1.png`, "refused: 127.0.0.1 is a loopback address"],
      [`http://[::1]:${server.port}/img/1.png`, "refused: ::1 is a loopback address"],
      ["http://169.254.169.254/latest/meta-data", "refused: 169.254.169.254 is a cloud metadata address"],
      ["http://10.0.0.1/a.png", "refused: 10.0.0.1 is a private address"],
    ]) {
      const error = await refusal(src!);
      expect(error, src).toBeInstanceOf(RemoteImageError);
      expect(error?.message, src).toBe(message);
    }
    // An allowed host redirecting to a loopback address: the second hop is refused.
    const hop = await refusal(`${server.origin}/to-loopback`);
    expect(hop?.message).toBe("refused: 127.0.0.1 is a loopback address");
    expect(server.hits.get("/img/1.png") ?? 0).toBe(before);
  });

  it("without IMPORT_FETCH_ALLOW_HOSTS (the default) a name is resolved and refused when it leads to loopback", async () => {
    const settings = env();
    const allowed = settings.IMPORT_FETCH_ALLOW_HOSTS;
    settings.IMPORT_FETCH_ALLOW_HOSTS = undefined;
    try {
      const error = await refusal(`${server.origin}/img/2.png`);
      expect(error).toBeInstanceOf(RemoteImageError);
      // localhost's first address may be 127.0.0.1 or ::1, as the system's resolver orders them.
      expect(error?.message).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
      expect(server.hits.get("/img/2.png")).toBeUndefined();
    } finally {
      settings.IMPORT_FETCH_ALLOW_HOSTS = allowed;
    }
  });

  it("refuses other schemes, credentials, endless redirects, errors, slow and oversized answers", async () => {
    const cases: [string, RegExp, Parameters<typeof fetchRemoteImage>[1]?][] = [
      ["ftp://example.com/a.png", /not an http/],
      ["file:///etc/passwd", /not an http/],
      [`http://user:secret@localhost:${server.port}/img/1.png`, /credentials/],
      [`${server.origin}/loop`, /more than 5 redirects/],
      [`${server.origin}/missing.png`, /answered 404/],
      [`${server.origin}/slow.png`, /timed out/, { timeoutMs: 300 }],
      [`${server.origin}/declared-big.png`, /larger than the upload limit/],
      [`${server.origin}/streamed-big.png`, /larger than the upload limit/, { maxBytes: 1024 * 1024 }],
      ["http://no-such-host.invalid/a.png", /cannot be resolved/],
      ["not a url", /not a valid address/],
    ];
    for (const [src, message, options] of cases) {
      const error = await refusal(src, options);
      expect(error, src).toBeInstanceOf(RemoteImageError);
      expect(error?.message, src).toMatch(message);
    }
  });
});
