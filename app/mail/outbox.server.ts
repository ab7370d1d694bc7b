/**
 * The mail outbox: every mail the site sends is a `mail_outbox` row, written in the transaction
 * of the change that causes it (`queueMail(tx, …)`), and sent by a worker that runs on every
 * instance (started by `startup()` in app/http/runtime.server.ts, stopped by `shutdown()`).
 *
 * - A claim takes due rows (`pending` and `next_attempt_at <= now()`, or `sending` whose lease
 *   ended: their worker died) with `FOR UPDATE SKIP LOCKED` and marks them `sending` under a new
 *   claim id and a lease, in one short transaction: two instances never take one row. Each
 *   result is written only by the claim that holds the row (`claim_id`).
 * - Each row is marked `sent` right after the SMTP server accepted it. A process killed at any
 *   moment therefore re-sends at most the mails whose acceptance it had not yet recorded: the
 *   sends in flight, at most MAIL_CONCURRENCY. Rows it had claimed but not started go out once.
 * - Temporary failures (SMTP 4xx, connection errors, timeouts) retry with exponential backoff
 *   (RETRY_BASE_MS doubling, capped at RETRY_MAX_MS, with jitter) up to MAX_ATTEMPTS; permanent
 *   ones (SMTP 5xx) are marked `failed` at once and the address is suppressed for newsletters
 *   (`mail_suppressions`).
 * - Every mail carries the Message-ID fixed in its row, so a re-send is recognisable as the same.
 * - The worker wakes at once on a new row: `pg_notify('mail_outbox')` in the writing
 *   transaction reaches every PostgreSQL instance at commit, and `mailQueued()` after the commit
 *   wakes this process's worker (the embedded database has no notifications). It also polls.
 * - The worker runs as background work (`inBackground`): on the embedded database its statements
 *   yield to requests' (decision 27).
 * - Without SMTP_URL, the mailer writes each mail to DATA_DIR/outbox as an .eml file: the same
 *   rows, the same worker.
 *
 * Indexes: mail_outbox_due_idx (pending by next_attempt_at), mail_outbox_lease_idx (sending by
 * lease), mail_outbox_failed_idx (failed by failed_at), mail_outbox_message_id_key.
 */
import { logger } from "~/observability/logger.server";
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, getDatabaseHandle, getDb, queryRows, requestsIdle, type Runner } from "~/db/db.server";
import { mailSuppressions } from "~/db/schema";
import { startWorkLoop, type WorkLoop } from "~/db/work-loop.server";
import { env } from "~/env.server";
import { fillVars, type SharedBody, sharedBodies } from "./shared-bodies.server";
import { deliversInline, getMailer, isPermanentFailure, type Mailer, type MailMessage } from "./mailer.server";

export const OUTBOX_CHANNEL = "mail_outbox";
/** Rows one claim takes at most (the worker claims again until none is due). */
export const CLAIM_BATCH = 50;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 6 * 3_600_000;
export const MAX_ATTEMPTS = 10;
export const POLL_MS = 2_000;

/** Where a mail comes from; kept on its row for counts and tests. */
export type MailKind =
  | "verify-email"
  | "already-registered"
  | "reset-password"
  | "change-email"
  | "invite"
  | "comment"
  | "message"
  | "review"
  | "subscribe-confirm"
  | "newsletter"
  | "digest"
  | "newsletter-test";

/** The host part of Message-IDs: the site's host. */
function messageIdDomain() {
  const host = new URL(env().SITE_URL).hostname;
  return host.includes(".") ? host : `${host}.localdomain`;
}

/**
 * A mail to queue: a message, or a row naming a shared body (`bodyId`, app/mail/shared-bodies:
 * text and html then empty) with its own `vars`.
 */
export type QueuedMail = MailMessage & { bodyId?: number; vars?: Record<string, string> };

/**
 * Queues `message` (or several) on `tx`: each is sent if and only if `tx` commits. Call `mailQueued()` after
 * the commit so this process's worker starts at once (other PostgreSQL instances hear NOTIFY).
 */
export async function queueMail(tx: Runner, kind: MailKind, message: QueuedMail | QueuedMail[]) {
  const messages = Array.isArray(message) ? message : [message];
  if (messages.length === 0) return;
  const domain = messageIdDomain();
  const json = (value: Record<string, string> | undefined) => (value ? JSON.stringify(value) : "");
  for (let start = 0; start < messages.length; start += QUEUE_BATCH) {
    const part = messages.slice(start, start + QUEUE_BATCH);
    // The rows travel as one array per column (`unnest`): the statement stays the same size
    // whatever the count, and building it costs next to nothing (a VALUES list cost the query
    // builder several KB of garbage per row, which an import of 100 000 addresses felt).
    // Absent headers, vars and body are '' and 0 in the arrays, null in the row.
    await tx.execute(sql`insert into mail_outbox (kind, message_id, to_address, subject, text_body, html_body, headers, body_id, vars)
      select ${kind}, v.message_id, v.to_address, v.subject, v.text_body, v.html_body,
             nullif(v.headers, '')::jsonb, nullif(v.body_id, 0), nullif(v.vars, '')::jsonb
        from unnest(${sql.param(part.map((one) => one.messageId ?? `<${randomUUID()}@${domain}>`))}::text[],
                    ${sql.param(part.map((one) => one.to))}::text[],
                    ${sql.param(part.map((one) => one.subject))}::text[],
                    ${sql.param(part.map((one) => one.text))}::text[],
                    ${sql.param(part.map((one) => one.html))}::text[],
                    ${sql.param(part.map((one) => json(one.headers)))}::text[],
                    ${sql.param(part.map((one) => one.bodyId ?? 0))}::bigint[],
                    ${sql.param(part.map((one) => json(one.vars)))}::text[])
          with ordinality as v(message_id, to_address, subject, text_body, html_body, headers, body_id, vars, n)
       order by v.n`);
  }
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Rows one insert of `queueMail` writes at most (one array parameter per column, whatever the count). */
export const QUEUE_BATCH = 1000;

/** A new Message-ID (for rows written in bulk, which know theirs before the insert). */
export function newMessageId() {
  return `<${randomUUID()}@${messageIdDomain()}>`;
}

/**
 * Tells this process that mail was committed: wakes its worker. With no worker in this process
 * and a mailer set by a test (setMailer), delivers what is due at once instead.
 */
export async function mailQueued() {
  if (worker) {
    worker.wake();
    return;
  }
  if (deliversInline()) await deliverDueMail(await getDb());
}

/** How a transaction queues its mails: one, or many at once (written together). */
export type QueueMail = (kind: MailKind, message: QueuedMail | QueuedMail[]) => Promise<void>;

/** A transaction whose mails (`queue(kind, message)`) commit with it; the worker is woken after. */
export async function withMail<T>(fn: (tx: Database, queue: QueueMail) => Promise<T>): Promise<T> {
  const db = await getDb();
  let queued = 0;
  const result = await db.transaction(async (tx) => {
    const runner = tx as unknown as Database;
    return fn(runner, async (kind, message) => {
      queued += Array.isArray(message) ? message.length : 1;
      await queueMail(runner, kind, message);
    });
  });
  if (queued > 0) await mailQueued();
  return result;
}

type ClaimedRow = {
  // bigint: a string from node-postgres.
  id: number | string;
  message_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | null;
  body_id: number | string | null;
  vars: Record<string, string> | null;
  attempts: number;
};

/** Claims up to `limit` due rows for `claimId`. */
async function claim(db: Database, claimId: string, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    db,
    sql`with pending as (
          select id from mail_outbox
           where status = 'pending' and next_attempt_at <= now()
           order by next_attempt_at, id
           limit ${limit}
           for update skip locked
        ), abandoned as (
          select id from mail_outbox
           where status = 'sending' and lease_until < now()
           order by lease_until
           limit ${limit}
           for update skip locked
        ), due as (
          select id from pending union all select id from abandoned
        )
        update mail_outbox m
           set status = 'sending', claim_id = ${claimId}, attempts = m.attempts + 1,
               lease_until = now() + ${leaseMs} * interval '1 millisecond'
          from due
         where m.id = due.id
     returning m.id, m.message_id, m.to_address, m.subject, m.text_body, m.html_body, m.headers, m.body_id, m.vars,
               m.attempts`,
  );
}

export type DeliveryOptions = {
  mailer?: Mailer;
  /** Mails per second at most (this drain). */
  ratePerSecond?: number;
  /** Sends at once. */
  concurrency?: number;
  retryBaseMs?: number;
  leaseMs?: number;
  /** Stops claiming when true (shutdown). */
  stopped?: () => boolean;
  /**
   * Waits before each send while requests run (at most 250 ms): on the embedded database this
   * thread is the server's only one for requests and sends alike (decision 27).
   */
  yieldToRequests?: boolean;
  /** Test seam: runs before each send. */
  beforeSend?: (row: { id: number; to: string }) => Promise<void> | void;
};

export type DeliveryCounts = { sent: number; retried: number; failed: number };

function backoffMs(attempts: number, base: number) {
  const exponential = Math.min(RETRY_MAX_MS, base * 2 ** Math.max(0, attempts - 1));
  // ±20 % so that rows failed together do not retry together.
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

function describe(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** A pacer shared by every send of a worker: at most `rate` starts per second. */
function pacer(rate: number) {
  const gap = 1000 / rate;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

async function deliverRow(
  db: Database,
  mailer: Mailer,
  claimId: string,
  row: ClaimedRow,
  options: DeliveryOptions,
  counts: DeliveryCounts,
  body: SharedBody | undefined,
) {
  try {
    await options.beforeSend?.({ id: Number(row.id), to: row.to_address });
    await mailer.send({
      to: row.to_address,
      subject: row.subject,
      text: body ? fillVars(body.text, row.vars, false) : row.text_body,
      html: body ? fillVars(body.html, row.vars, true) : row.html_body,
      headers: row.headers ?? undefined,
      messageId: row.message_id,
    });
  } catch (error) {
    const reason = describe(error);
    if (isPermanentFailure(error) || row.attempts >= MAX_ATTEMPTS) {
      counts.failed++;
      logger().warn({ event: "mail", outboxId: row.id, reason }, `outbox mail ${row.id} failed for good`);
      const bounced = isPermanentFailure(error);
      await db.execute(sql`update mail_outbox
          set status = 'failed', failed_at = now(), last_error = ${reason}, lease_until = null, claim_id = null,
              bounced_at = case when ${bounced} then now() else bounced_at end
        where id = ${row.id} and claim_id = ${claimId}`);
      if (isPermanentFailure(error)) {
        await db
          .insert(mailSuppressions)
          .values({ email: row.to_address.toLowerCase(), reason: `permanent failure: ${reason}`.slice(0, 500) })
          .onConflictDoNothing();
      }
    } else {
      counts.retried++;
      const delay = backoffMs(row.attempts, options.retryBaseMs ?? RETRY_BASE_MS);
      logger().warn(
        { event: "mail", outboxId: row.id, reason, retryInSeconds: Math.round(delay / 1000) },
        `outbox mail ${row.id} will be retried`,
      );
      await db.execute(sql`update mail_outbox
          set status = 'pending', next_attempt_at = now() + ${delay} * interval '1 millisecond',
              last_error = ${reason}, lease_until = null, claim_id = null
        where id = ${row.id} and claim_id = ${claimId}`);
    }
    return;
  }
  counts.sent++;
  await db.execute(sql`update mail_outbox
      set status = 'sent', sent_at = now(), last_error = null, lease_until = null, claim_id = null
    where id = ${row.id} and claim_id = ${claimId}`);
}

/**
 * Sends every due row of `db` (the test seam: several "instances" in one test), claim after
 * claim, until none is due or `stopped()`; returns what happened.
 */
export async function deliverDueMail(db: Database, options: DeliveryOptions = {}): Promise<DeliveryCounts> {
  const config = env();
  const mailer = options.mailer ?? getMailer();
  const rate = options.ratePerSecond ?? config.MAIL_RATE_PER_SECOND;
  const concurrency = options.concurrency ?? config.MAIL_CONCURRENCY;
  const pace = pacer(rate);
  const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0 };
  // A claim holds what the worker can send well within the lease.
  const batch = Math.max(1, Math.min(CLAIM_BATCH, Math.ceil(rate * 10)));
  while (!options.stopped?.()) {
    const claimId = randomBytes(12).toString("base64url");
    const rows = await claim(db, claimId, batch, options.leaseMs ?? config.MAIL_LEASE_SECONDS * 1000);
    if (rows.length === 0) break;
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const bodies = await sharedBodies(db, rows);
    let next = 0;
    const lanes = Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        if (options.stopped?.()) {
          // Not started: hand it back at once rather than at the end of the lease.
          await db.execute(sql`update mail_outbox set status = 'pending', attempts = attempts - 1,
              lease_until = null, claim_id = null where id = ${row.id} and claim_id = ${claimId}`);
          continue;
        }
        if (options.yieldToRequests) await requestsIdle();
        await pace();
        await deliverRow(
          db,
          mailer,
          claimId,
          row,
          options,
          counts,
          row.body_id == null ? undefined : bodies.get(String(row.body_id)),
        );
      }
    });
    await Promise.all(lanes);
  }
  return counts;
}

/**
 * Makes the rows an earlier run of this process left `sending` due again at once. Only for the
 * embedded database, where one process owns the data folder: nobody else can be sending them.
 */
export async function releaseAbandonedClaims(db: Database) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update mail_outbox set status = 'pending', lease_until = null, claim_id = null
         where status = 'sending' returning id`,
  );
  return rows.length;
}

export type OutboxHealth = { pending: number; oldestPendingSeconds: number | null; failedLastDay: number };

/** Pending rows (and the age of the oldest), and rows failed for good in the last day. */
export async function outboxHealth(): Promise<OutboxHealth> {
  const db = await getDb();
  const [row] = await queryRows<{ pending: number; oldest: number | null; failed: number }>(
    db,
    sql`select
          (select count(*)::int from mail_outbox where status in ('pending', 'sending')) as pending,
          (select extract(epoch from now() - min(created_at))::float8 from mail_outbox
            where status in ('pending', 'sending')) as oldest,
          (select count(*)::int from mail_outbox
            where status = 'failed' and failed_at > now() - interval '1 day') as failed`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: row?.oldest == null ? null : Math.round(Number(row.oldest)),
    failedLastDay: Number(row?.failed ?? 0),
  };
}

let worker: WorkLoop | null = null;

/** Starts this instance's outbox worker (idempotent); it drains what is due at once. */
export async function startOutboxWorker(options: DeliveryOptions & { pollMs?: number } = {}): Promise<WorkLoop> {
  if (worker) return worker;
  const handle = await getDatabaseHandle();
  const db = handle.db;
  if (handle.driver === "pglite") {
    const released = await releaseAbandonedClaims(db);
    if (released > 0)
      logger().info(
        { event: "mail", released },
        `${released} mail(s) in flight when the last run ended: sending again`,
      );
  }
  worker = await startWorkLoop({
    channel: OUTBOX_CHANNEL,
    pollMs: options.pollMs ?? POLL_MS,
    async work(stopped) {
      const counts = await deliverDueMail(db, { yieldToRequests: handle.driver === "pglite", ...options, stopped });
      if (counts.retried + counts.failed > 0) {
        logger().info({ event: "mail", ...counts }, "outbox run");
      }
    },
    failed: (error) => logger().error({ event: "mail", reason: describe(error) }, "outbox run failed"),
  });
  return worker;
}

export async function stopOutboxWorker() {
  const stopping = worker;
  await stopping?.stop();
  if (worker === stopping) worker = null;
}
