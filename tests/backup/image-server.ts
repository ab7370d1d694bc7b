/**
 * A local HTTP server of images for the import tests (remote images). It listens on localhost,
 * which the fetcher refuses unless IMPORT_FETCH_ALLOW_HOSTS names it: the tests set
 * IMPORT_FETCH_ALLOW_HOSTS=localhost before anything reads the environment.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** A small PNG whose colour depends on `n` (so each is a different image). */
export function numberedPng(n: number) {
  const colour = `#${((n * 2654435761) >>> 8).toString(16).padStart(6, "0").slice(0, 6)}`;
  return sharp({ create: { width: 40 + (n % 7), height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export type ImageServer = { origin: string; port: number; hits: Map<string, number>; close(): Promise<void> };

export async function startImageServer(): Promise<ImageServer> {
  const hits = new Map<string, number>();
  let port = 0;
  const server = http.createServer(async (request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const image = /^\/img\/(\d+)\.png$/.exec(path);
    if (image) {
      const bytes = await numberedPng(Number(image[1]));
      response.writeHead(200, { "Content-Type": "image/png", "Content-Length": bytes.byteLength });
      response.end(bytes);
    } else if (path.startsWith("/redirect/")) {
      response.writeHead(302, { Location: `/img/${path.slice("/redirect/".length)}.png` });
      response.end();
    } else if (path === "/to-loopback") {
      response.writeHead(302, { Location: `http://127.0.0.1:${port}/img/1.png` });
      response.end();
    } else if (path === "/loop") {
      response.writeHead(302, { Location: "/loop" });
      response.end();
    } else if (path === "/slow.png") {
      response.writeHead(200, { "Content-Type": "image/png" });
      response.write(Buffer.alloc(10));
      // never ends
    } else if (path === "/declared-big.png") {
      response.writeHead(200, { "Content-Type": "image/png", "Content-Length": 50 * 1024 * 1024 });
      response.write(Buffer.alloc(1024));
    } else if (path === "/streamed-big.png") {
      response.writeHead(200, { "Content-Type": "image/png" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let i = 0; i < 200 && !response.destroyed; i++) response.write(chunk);
      response.end();
    } else {
      response.writeHead(404);
      response.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://localhost:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
