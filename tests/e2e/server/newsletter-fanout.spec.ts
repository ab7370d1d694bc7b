/**
 * A newsletter to 10 000 subscribers across a kill -9 (issue 24, "Done when"), on both databases:
 * the server fans the newsletter out into the outbox in batches and sends it to a local SMTP sink;
 * it is killed with SIGKILL mid-send and started again on the same data. Every subscriber gets the
 * newsletter; the only mails that may arrive twice are those in flight at the kill (at most
 * MAIL_CONCURRENCY), and the test reports how many did.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { createAdmin, stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const SUBSCRIBERS = 10_000;
const ADMIN = { email: "fanout@example.com", password: "fanout-test-1", name: "Fanout Tester" };
const CONCURRENCY = 4;
const SMTP_PORT = Number(process.env.FANOUT_SMTP_PORT ?? 11_421);

type Sink = { recipients: string[]; ids: Map<string, Set<string>>; close(): Promise<void> };

async function startSink(port: number): Promise<Sink> {
  const recipients: string[] = [];
  const ids = new Map<string, Set<string>>();
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let head = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        if (head.length < 4096) head += chunk;
      });
      stream.on("end", () => {
        const to = session.envelope.rcptTo[0]?.address ?? "(none)";
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "(none)";
        recipients.push(to);
        ids.set(to, (ids.get(to) ?? new Set()).add(id));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.on("error", () => {});
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { recipients, ids, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

for (const [index, database] of testDatabases.entries()) {
  test.describe(`newsletter fan-out on ${database.name}`, () => {
    test.describe.configure({ timeout: 480_000 });

    test("kill -9 mid-send: every subscriber is mailed, at most the mails in flight twice", async () => {
      const created = await database.create();
      const sink = await startSink(SMTP_PORT + index);
      const env = {
        ...created.env,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT + index}`,
        MAIL_RATE_PER_SECOND: "2000",
        MAIL_CONCURRENCY: String(CONCURRENCY),
        MAIL_LEASE_SECONDS: "5",
      };
      let server: RunningServer | undefined;
      try {
        createAdmin(env, ADMIN);
        const queued = spawnSync(
          process.execPath,
          [
            path.resolve("node_modules/tsx/dist/cli.mjs"),
            "tests/e2e/support/queue-test-newsletter.ts",
            String(SUBSCRIBERS),
          ],
          { env: { ...process.env, ...env }, encoding: "utf8" },
        );
        if (queued.status !== 0) throw new Error(`preparing the newsletter failed: ${queued.stderr}`);
        server = await startServer({ env });
        await expect.poll(() => sink.recipients.length, { timeout: 240_000 }).toBeGreaterThanOrEqual(SUBSCRIBERS / 3);
        server.process.kill("SIGKILL");
        await server.exited;
        const atKill = sink.recipients.length;
        expect(atKill).toBeLessThan(SUBSCRIBERS);

        server = await startServer({ env });
        await expect.poll(() => sink.ids.size, { timeout: 300_000, intervals: [500] }).toBe(SUBSCRIBERS);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const duplicates = sink.recipients.length - sink.ids.size;
        // A mail sent twice is the same row sent again (one Message-ID per subscriber), never a second row.
        const secondRows = [...sink.ids.values()].filter((set) => set.size > 1).length;
        test.info().annotations.push({
          type: "duplicates",
          description: `${database.name}: ${SUBSCRIBERS} subscribers, killed after ${atKill} mails; ${duplicates} sent twice`,
        });
        console.log(
          `[newsletter kill -9] ${database.name}: killed after ${atKill} of ${SUBSCRIBERS}; duplicates: ${duplicates}`,
        );
        expect(secondRows).toBe(0);
        expect(duplicates).toBeLessThanOrEqual(CONCURRENCY);
        expect([...sink.ids.keys()].every((to) => /^reader-\d+@fanout\.test$/.test(to))).toBe(true);
      } finally {
        await stopServer(server);
        await sink.close();
        await created.drop();
      }
    });
  });
}
