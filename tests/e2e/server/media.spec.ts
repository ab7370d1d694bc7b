/**
 * Uploaded images over HTTP, on both databases: the upload endpoint's answers (JSON for
 * fetch/XHR), the headers images are served with, and every refusal leaving nothing behind
 * (signed out, cross-site, 50 MB, bad files).
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createAdmin, stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const ADMIN = { email: "media-admin@devperspective.test", password: "media-admin-password", name: "Media Admin" };

const png = (width: number, height: number, colour = "#3b82f6") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

for (const database of testDatabases) {
  test.describe(`media over HTTP on ${database.name}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 });

    let server: RunningServer;
    let drop: () => Promise<void>;
    let cookie = "";

    test.beforeAll(async () => {
      // A first start migrates and seeds: slow on a busy machine, and the drop in afterAll must
      // never race a server still starting.
      test.setTimeout(180_000);
      test.setTimeout(120_000);
      const created = await database.create();
      drop = created.drop;
      createAdmin(created.env, ADMIN);
      server = await startServer({ env: created.env });
      const signIn = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "X-Test-Client-Ip": "10.99.0.1" },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      });
      cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(";", 1)[0])
        .join("; ");
      expect(cookie).toContain("dp_session=");
    });

    test.afterAll(async () => {
      await stopServer(server);
      await drop?.();
    });

    const upload = (file: Blob, name: string, headers: Record<string, string> = {}, init: RequestInit = {}) => {
      const body = new FormData();
      body.set("file", file, name);
      return fetch(`${server.url}/admin/media/upload`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, Accept: "application/json", Cookie: cookie, ...headers },
        body,
        ...init,
      });
    };

    /** The library's count of uploads ("Uploads (n)"). */
    async function uploadCount() {
      const page = await (await fetch(`${server.url}/admin/media`, { headers: { Cookie: cookie } })).text();
      return Number(/Uploads \((?:<!-- -->)?(\d+)/.exec(page)?.[1]);
    }

    test("an upload answers 201 with the upload; images are served immutable, typed, sniff-proof and sandboxed", async () => {
      const response = await upload(new Blob([await png(1000, 500)]), "diagram.png");
      expect(response.status).toBe(201);
      const { upload: stored } = (await response.json()) as {
        upload: { url: string; hash: string; width: number; variants: { url: string; format: string }[] };
      };
      expect(stored.url).toBe(`/media/${stored.hash}.png`);
      expect(stored.variants.map((variant) => variant.url)).toEqual([
        `/media/${stored.hash}-480.webp`,
        `/media/${stored.hash}-480.avif`,
        `/media/${stored.hash}-1000.webp`,
        `/media/${stored.hash}-1000.avif`,
      ]);

      for (const [path, type] of [
        [stored.url, "image/png"],
        [`/media/${stored.hash}-480.webp`, "image/webp"],
        [`/media/${stored.hash}-1000.avif`, "image/avif"],
      ] as const) {
        // Anonymous, twice: the page cache must not keep (or re-tag) image bodies.
        for (let round = 0; round < 2; round++) {
          const image = await fetch(`${server.url}${path}`);
          expect(image.status, path).toBe(200);
          expect(image.headers.get("content-type")).toBe(type);
          expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
          expect(image.headers.get("x-content-type-options")).toBe("nosniff");
          expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
          expect(image.headers.get("x-cache")).toBeNull();
          expect(image.headers.get("content-encoding")).toBeNull();
          const etag = image.headers.get("etag");
          expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
          const bytes = new Uint8Array(await image.arrayBuffer());
          expect(Number(image.headers.get("content-length"))).toBe(bytes.byteLength);
          expect((await sharp(bytes).metadata()).width).toBe(path.includes("-480.") ? 480 : 1000);
          const again = await fetch(`${server.url}${path}`, { headers: { "If-None-Match": etag! } });
          expect(again.status).toBe(304);
        }
      }
      // The same file again is the same upload.
      const twice = await upload(new Blob([await png(1000, 500)]), "diagram-copy.png");
      expect(twice.status).toBe(200);
      expect(((await twice.json()) as { upload: { hash: string } }).upload.hash).toBe(stored.hash);
      // Made-up names are not found.
      for (const path of [
        `/media/${stored.hash}.jpg`,
        `/media/${stored.hash}-333.webp`,
        `/media/${"a".repeat(64)}.png`,
      ]) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
      }
    });

    test("refusals: signed out, cross-site, 50 MB, over 10 MB, bad files; nothing is stored", async () => {
      const before = await uploadCount();
      expect(before).toBeGreaterThan(0);
      const image = new Blob([await png(200, 100, "#ef4444")]);

      // Signed out: fetch clients get 401 as JSON, a plain form post the admin login.
      const signedOut = await upload(image, "a.png", { Cookie: "" });
      expect(signedOut.status).toBe(401);
      expect(await signedOut.json()).toEqual({ error: "Sign in as an administrator." });
      const plain = await upload(image, "a.png", { Cookie: "", Accept: "text/html" });
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);

      // Cross-site, even with the administrator's cookie: refused before the app.
      const forged = await upload(image, "a.png", { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" });
      expect(forged.status).toBe(403);

      // 50 MB: refused by its declared length, nothing read.
      const huge = await upload(new Blob([new Uint8Array(50 * 1024 * 1024)]), "huge.png");
      expect(huge.status).toBe(413);
      // Just over 10 MB (inside the body limit): the file limit, as JSON.
      const over = await upload(new Blob([await png(10, 10), new Uint8Array(10 * 1024 * 1024)]), "big.png");
      expect(over.status).toBe(413);
      expect(((await over.json()) as { error: string }).error).toContain("larger than 10 MB");

      const whole = await png(600, 400, "#22c55e");
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .gif()
        .toBuffer();
      for (const [name, bytes, status, text] of [
        ["empty.png", new Uint8Array(), 422, "empty"],
        ["notes.png", new TextEncoder().encode("these are my notes"), 415, "not an image"],
        [
          "icon.svg",
          new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          415,
          "SVG",
        ],
        [
          "polyglot.gif",
          new Uint8Array([
            ...new TextEncoder().encode("GIF89a/*"),
            ...gif.subarray(8),
            ...new TextEncoder().encode("*/=alert(1)"),
          ]),
          415,
          "hidden inside",
        ],
        ["cut.png", whole.subarray(0, Math.floor(whole.length / 2)), 422, "damaged or incomplete"],
      ] as const) {
        const response = await upload(new Blob([bytes]), name);
        expect(response.status, name).toBe(status);
        expect(((await response.json()) as { error: string }).error, name).toContain(text);
      }
      // No file at all.
      const none = await fetch(`${server.url}/admin/media/upload`, {
        method: "POST",
        headers: { Origin: server.url, Accept: "application/json", Cookie: cookie },
        body: new FormData(),
      });
      expect(none.status).toBe(400);

      expect(await uploadCount()).toBe(before);
      expect(server.errors()).toBe("");
    });
  });
}
