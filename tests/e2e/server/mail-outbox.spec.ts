/**
 * The mail outbox across a kill -9 (issue 24.4), on both databases: N mails are queued, the server
 * sends them to a local SMTP sink, is killed with SIGKILL in the middle of the stream and started
 * again on the same data. Every mail arrives, each with its row's Message-ID; the only mails that
 * may arrive twice are those in flight at the kill (at most MAIL_CONCURRENCY), and the test
 * reports how many did.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { createAdmin, stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const MAILS = 10_000;
const ADMIN = { email: "outbox@example.com", password: "outbox-test-1", name: "Outbox Tester" };
const CONCURRENCY = 4;
const SMTP_PORT = Number(process.env.OUTBOX_SMTP_PORT ?? 11_411);

type Sink = { received: string[]; times: number[]; close(): Promise<void> };

async function startSink(port: number): Promise<Sink> {
  const received: string[] = [];
  const times: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "(none)";
        received.push(id);
        times.push(Date.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // The killed server's connections end with ECONNRESET: expected here, not a failure.
    server.on("error", () => {});
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { received, times, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function queueMails(env: Record<string, string>, count: number, prefix: string) {
  const result = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "tests/e2e/support/queue-test-mails.ts", String(count), prefix],
    { env: { ...process.env, ...env }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`queueing mails failed: ${result.stderr}`);
}

for (const [index, database] of testDatabases.entries()) {
  test.describe(`mail outbox on ${database.name}`, () => {
    test.describe.configure({ timeout: 420_000 });

    test("kill -9 mid-send: every mail arrives, and only the ones in flight may arrive twice", async () => {
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
        queueMails(env, MAILS, "kill");
        server = await startServer({ env });
        // Kill in the middle of the stream.
        await expect.poll(() => sink.received.length, { timeout: 180_000 }).toBeGreaterThanOrEqual(MAILS / 3);
        server.process.kill("SIGKILL");
        await server.exited;
        const atKill = sink.received.length;
        expect(atKill).toBeLessThan(MAILS);
        // The pace before the kill (one instance, MAIL_CONCURRENCY connections), for the report.
        const perSecond = Math.round((atKill - 1) / ((sink.times[atKill - 1]! - sink.times[0]!) / 1000));

        server = await startServer({ env });
        await expect.poll(() => new Set(sink.received).size, { timeout: 240_000, intervals: [500] }).toBe(MAILS);
        // Let any straggler arrive before counting.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const ids = sink.received;
        const expected = new Set(Array.from({ length: MAILS }, (_, n) => `<kill-${n + 1}@outbox.test>`));
        expect(ids.every((id) => expected.has(id))).toBe(true);
        const duplicates = ids.length - new Set(ids).size;
        test.info().annotations.push({
          type: "duplicates",
          description: `${database.name}: ${MAILS} mails, killed after ${atKill} arrived (${perSecond} mails/s); ${duplicates} sent twice`,
        });
        console.log(
          `[outbox kill -9] ${database.name}: killed after ${atKill} of ${MAILS} (${perSecond} mails/s); duplicates: ${duplicates}`,
        );
        expect(duplicates).toBeLessThanOrEqual(CONCURRENCY);
        // /healthz: the outbox's health for staff only.
        const anonymous = await fetch(`${server.url}/healthz`);
        expect(await anonymous.json()).toEqual({ status: "ok" });
        const signIn = await fetch(`${server.url}/admin/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
          body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
        });
        expect(signIn.status).toBe(303);
        const cookie = signIn.headers
          .getSetCookie()
          .find((value) => value.startsWith("dp_session="))!
          .split(";")[0]!;
        const staff = await fetch(`${server.url}/healthz`, { headers: { Cookie: cookie } });
        expect(await staff.json()).toEqual({
          status: "ok",
          details: { mail: { pending: 0, oldestPendingSeconds: null, failedLastDay: 0 } },
        });
      } finally {
        await stopServer(server);
        await sink.close();
        await created.drop();
      }
    });
  });
}
