/**
 * npm run dev — the Vite dev server with hot reload. The database is prepared first (migrations,
 * demo content when empty) in this same process, since the embedded database is single-process.
 */
import { createServer } from "vite";

const server = await createServer({
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST || "127.0.0.1" },
});
const runtime = (await server.ssrLoadModule("/app/http/runtime.server.ts")) as typeof import("~/http/runtime.server");
await runtime.startup();
await server.listen();
server.printUrls();
const stop = async () => {
  await server.close();
  await runtime.shutdown();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
