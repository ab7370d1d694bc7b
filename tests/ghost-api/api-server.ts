/** Ghost's APIs over real HTTP for the clients under test: a node:http server around the route. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { action, loader } from "~/routes/ghost-api";

export type ApiServer = { url: string; close(): Promise<void> };

export function startApiServer(): Promise<ApiServer> {
  const server = http.createServer(
    createRequestListener((request) => {
      const splat = new URL(request.url).pathname.replace(/^\/ghost\/api\//, "");
      const args = { request, params: { "*": splat }, context: {} } as never;
      return (request.method === "GET" || request.method === "HEAD" ? loader(args) : action(args)) as Promise<Response>;
    }),
  );
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
