/**
 * The SMTP sink of `npm run bench`'s newsletter runs (scripts/bench.ts): a real SMTP server
 * (smtp-server, the one the browser tests use) that reads each message to its end and counts it,
 * in its own process so that the bench can pin it to the load generator's core, away from the
 * server it measures. Started with an IPC channel: it sends "ready" once listening, and answers
 * each "stats" message with { count, firstAt, lastAt } (epoch ms of the first and last mail).
 * Usage: node scripts/bench-smtp-sink.ts PORT (Node's type stripping: erasable TypeScript only).
 */
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2]);
let count = 0;
let firstAt: number | null = null;
let lastAt: number | null = null;

const server = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  // The outbox keeps MAIL_CONCURRENCY connections open; room for more.
  maxClients: 64,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      const now = Date.now();
      count++;
      firstAt ??= now;
      lastAt = now;
      callback();
    });
  },
});
server.on("error", (error) => process.stderr.write(`[smtp sink] ${error.message}\n`));
server.listen(port, "127.0.0.1", () => process.send?.("ready"));
process.on("message", (message) => {
  if (message === "stats") process.send?.({ count, firstAt, lastAt });
});
process.on("disconnect", () => server.close(() => process.exit(0)));
