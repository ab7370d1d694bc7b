/**
 * The mail outbox (app/mail/outbox.server.ts) on both databases: a mail exists if and only if its
 * transaction commits; the worker sends each row once with the row's Message-ID, paces itself,
 * retries temporary failures with backoff, marks permanent ones and suppresses the address, takes
 * back rows whose sender died (lease), and two instances never send one row twice (PostgreSQL).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows, setDatabaseHandle } from "~/db/db.server";
import { mailOutbox, mailSuppressions } from "~/db/schema";
import type { Mailer, MailMessage } from "~/mail/mailer.server";
import { deliverDueMail, outboxHealth, queueMail, releaseAbandonedClaims, withMail } from "~/mail/outbox.server";
import { createPostgresDatabase, openTestDatabase, testDatabaseKinds } from "../support/databases";

process.env.SITE_URL ??= "https://devperspective.test";

const mail = (to: string, subject = "Hello"): MailMessage => ({
  to,
  subject,
  text: `Text for ${to}`,
  html: `<p>HTML for ${to}</p>`,
  headers: { "X-Test": "yes" },
});

type Recorded = MailMessage & { at: number };
function recordingMailer(fail?: (message: MailMessage) => unknown): Mailer & { sent: Recorded[] } {
  const sent: Recorded[] = [];
  return {
    sent,
    async send(message) {
      const problem = fail?.(message);
      if (problem) throw problem;
      sent.push({ ...message, at: Date.now() });
    },
  };
}

const smtpError = (responseCode: number) =>
  Object.assign(new Error(`${responseCode} the server says no`), { responseCode, code: "EENVELOPE" });

describe.each(testDatabaseKinds())("mail outbox on %s", (kind) => {
  let handle: DatabaseHandle;
  let url = "";
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (kind === "postgres") {
      const created = await createPostgresDatabase();
      url = created.url;
      drop = created.drop;
      handle = await openDatabase({ url, poolSize: 4 });
      await handle.migrate();
    } else {
      handle = await openTestDatabase(kind);
    }
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
    await drop?.();
  });
  beforeEach(async () => {
    await handle.db.delete(mailOutbox);
    await handle.db.delete(mailSuppressions);
  });

  const rows = () => handle.db.select().from(mailOutbox).orderBy(mailOutbox.id);

  it("a mail exists only if its transaction commits, and goes once with its row's Message-ID", async () => {
    await expect(
      withMail(async (_tx, queue) => {
        await queue("message", mail("rolled-back@example.com"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await withMail(async (_tx, queue) => queue("message", mail("kept@example.com")));
    const queued = await rows();
    expect(queued.map((row) => row.toAddress)).toEqual(["kept@example.com"]);
    expect(queued[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@devperspective\.test>$/);

    const mailer = recordingMailer();
    expect(await deliverDueMail(handle.db, { mailer })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await deliverDueMail(handle.db, { mailer })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: "kept@example.com",
      subject: "Hello",
      text: "Text for kept@example.com",
      html: "<p>HTML for kept@example.com</p>",
      headers: { "X-Test": "yes" },
      messageId: queued[0]!.messageId,
    });
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: "sent", attempts: 1, claimId: null, leaseUntil: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it("keeps every text exactly and queues many mails in order, each with its own Message-ID", async () => {
    // The rows travel as arrays (one per column): quotes, backslashes, braces, commas, "NULL",
    // empty strings, line breaks and non-ASCII must come back as written; no headers stay null.
    const awkward: MailMessage = {
      to: "awkward@example.com",
      subject: "NULL",
      text: 'a "quoted" \\ back\\slash, {braces}, commas\nnew line\r\n\tand "NULL" ✓ Ünïcode 🎉',
      html: "",
      headers: { "List-Id": '"News, {weekly}" <news.devperspective.test>' },
    };
    const plain: MailMessage = { to: "plain@example.com", subject: "", text: "NULL", html: '<a href="x">\\</a>' };
    const many = Array.from({ length: 1203 }, (_, i) => mail(`reader-${i}@example.com`, `Issue ${i}`));
    await withMail(async (_tx, queue) => {
      await queue("message", [awkward, plain]);
      await queue("newsletter", many);
    });
    const queued = await rows();
    expect(queued).toHaveLength(1205);
    expect(queued.map((row) => row.toAddress)).toEqual([
      "awkward@example.com",
      "plain@example.com",
      ...many.map((one) => one.to),
    ]);
    expect(new Set(queued.map((row) => row.messageId)).size).toBe(1205);
    expect(queued[0]).toMatchObject({
      kind: "message",
      subject: awkward.subject,
      textBody: awkward.text,
      htmlBody: "",
      headers: awkward.headers,
    });
    expect(queued[1]).toMatchObject({ subject: "", textBody: "NULL", htmlBody: plain.html, headers: null });
    expect(queued[1204]).toMatchObject({ kind: "newsletter", subject: "Issue 1202", headers: { "X-Test": "yes" } });

    const mailer = recordingMailer();
    expect(await deliverDueMail(handle.db, { mailer, ratePerSecond: 10_000 })).toMatchObject({ sent: 1205 });
    expect(mailer.sent.find((one) => one.to === "awkward@example.com")).toMatchObject({
      subject: awkward.subject,
      text: awkward.text,
      headers: awkward.headers,
    });
  });

  it("retries temporary failures (4xx, connection errors) with growing delays, then sends", async () => {
    await withMail(async (tx, queue) => {
      await queue("message", mail("busy@example.com"));
      await queueMail(tx, "message", mail("offline@example.com"));
    });
    const failing = recordingMailer((message) =>
      message.to === "busy@example.com"
        ? smtpError(451)
        : Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }),
    );
    expect(await deliverDueMail(handle.db, { mailer: failing, retryBaseMs: 60_000 })).toEqual({
      sent: 0,
      retried: 2,
      failed: 0,
    });
    const first = await rows();
    for (const row of first) {
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      const delay = row.nextAttemptAt.getTime() - Date.now();
      // 60 s ± 20 % jitter.
      expect(delay).toBeGreaterThan(40_000);
      expect(delay).toBeLessThan(73_000);
    }
    expect(first[0]!.lastError).toContain("451");
    expect(first[1]!.lastError).toContain("ECONNREFUSED");
    // Not due yet: nothing happens.
    expect(await deliverDueMail(handle.db, { mailer: failing })).toEqual({ sent: 0, retried: 0, failed: 0 });

    // The second failure waits about twice as long.
    await handle.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    await deliverDueMail(handle.db, { mailer: failing, retryBaseMs: 60_000 });
    for (const row of await rows()) {
      expect(row.attempts).toBe(2);
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(90_000);
    }
    const healthy = recordingMailer();
    await handle.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await deliverDueMail(handle.db, { mailer: healthy })).toMatchObject({ sent: 2 });
    expect((await rows()).map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ["sent", 3, null],
      ["sent", 3, null],
    ]);
  });

  it("marks a permanent failure (5xx) at once and suppresses the address for newsletters", async () => {
    await withMail(async (_tx, queue) => queue("message", mail("Gone@Example.com")));
    const mailer = recordingMailer(() => smtpError(550));
    expect(await deliverDueMail(handle.db, { mailer })).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.lastError).toContain("550");
    const suppressed = await handle.db.select().from(mailSuppressions);
    expect(suppressed.map((entry) => entry.email)).toEqual(["gone@example.com"]);
    expect(await outboxHealth()).toEqual({ pending: 0, oldestPendingSeconds: null, failedLastDay: 1 });
  });

  it("takes back rows whose worker died once their lease ends; a live lease is left alone", async () => {
    await withMail(async (_tx, queue) => {
      await queue("message", mail("expired@example.com"));
      await queue("message", mail("live@example.com"));
    });
    await handle.db
      .update(mailOutbox)
      .set({ status: "sending", claimId: "dead", attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.toAddress, "expired@example.com"));
    await handle.db
      .update(mailOutbox)
      .set({ status: "sending", claimId: "alive", attempts: 1, leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.toAddress, "live@example.com"));
    expect((await outboxHealth()).pending).toBe(2);
    const mailer = recordingMailer();
    expect(await deliverDueMail(handle.db, { mailer })).toMatchObject({ sent: 1 });
    expect(mailer.sent.map((message) => message.to)).toEqual(["expired@example.com"]);
    // The dead claim can no longer write a result over the row.
    const [live] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "live@example.com"));
    expect(live).toMatchObject({ status: "sending", claimId: "alive" });
    // On the embedded database one process owns the folder: at start, its old claims are released.
    expect(await releaseAbandonedClaims(handle.db)).toBe(1);
    expect(await deliverDueMail(handle.db, { mailer })).toMatchObject({ sent: 1 });
    expect(mailer.sent.map((message) => message.to)).toEqual(["expired@example.com", "live@example.com"]);
  });

  it("keeps to the configured rate", async () => {
    await withMail(async (_tx, queue) => {
      for (let n = 0; n < 8; n++) await queue("message", mail(`paced-${n}@example.com`));
    });
    const mailer = recordingMailer();
    const started = Date.now();
    expect(await deliverDueMail(handle.db, { mailer, ratePerSecond: 20, concurrency: 3 })).toMatchObject({
      sent: 8,
    });
    // 8 starts at most 50 ms apart: at least 350 ms from the first to the last.
    expect(mailer.sent.at(-1)!.at - started).toBeGreaterThanOrEqual(340);
  });

  it.runIf(kind === "postgres")("two instances draining at once never send one row twice", async () => {
    await withMail(async (_tx, queue) => {
      for (let n = 0; n < 120; n++) await queue("message", mail(`race-${n}@example.com`));
    });
    const other = await openDatabase({ url, poolSize: 4 });
    try {
      const a = recordingMailer();
      const b = recordingMailer();
      const slow = { beforeSend: () => new Promise<void>((resolve) => setTimeout(resolve, 2)), ratePerSecond: 5000 };
      const [countsA, countsB] = await Promise.all([
        deliverDueMail(handle.db, { ...slow, mailer: a }),
        deliverDueMail(other.db, { ...slow, mailer: b }),
      ]);
      const all = [...a.sent, ...b.sent].map((message) => message.messageId);
      expect(all).toHaveLength(120);
      expect(new Set(all).size).toBe(120);
      expect(countsA.sent + countsB.sent).toBe(120);
      expect(a.sent.length > 0 && b.sent.length > 0).toBe(true);
      const [left] = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from mail_outbox where status <> 'sent'`,
      );
      expect(left!.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
