/**
 * Subscribing to the newsletter by topic (issue 24.1).
 *
 * - Anyone: an address and topics. Double opt-in: the address gets a confirmation link
 *   (app/newsletters/links.server.ts) and nothing is sent to it before a click and a POST. The
 *   answer is the same whatever the address's state (no enumeration): a new or pending address
 *   gets the link, a confirmed one a mail with its manage link (its topics change only from
 *   there), and no address gets a second such mail within RESEND_MINUTES.
 * - A signed-in reader with a verified address subscribes in one click: confirmed at once, the
 *   chosen topics added to any they follow; they manage them at /account.
 * - Rate limits per client address and per subscribed address (app/auth/rate-limit.server.ts).
 * Every mail is queued in the transaction of its change (app/mail/outbox.server.ts).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { accountKey, hit, limitFor, POLICIES } from "~/auth/rate-limit.server";
import { createSecretToken, hashSecretToken, isSecretToken } from "~/auth/secret-tokens.server";
import { getDb, type Runner } from "~/db/db.server";
import { subscribers } from "~/db/schema";
import { env } from "~/env.server";
import { type QueueMail, withMail } from "~/mail/outbox.server";
import type { MailMessage } from "~/mail/mailer.server";
import type { SubscribeInput } from "~/lib/newsletter-schema";
import { siteSettings } from "~/settings/settings.server";
import { CONFIRM_VALID_DAYS, confirmUrl, linksFor, prepareLinks } from "./links.server";
import { alreadySubscribedMail, confirmSubscriptionMail, describeTopics } from "./subscription-mails.server";
import { hasTopics, type ResolvedTopics, replaceTopics, resolveTopics, writeTopics } from "./topics.server";

/** No second confirmation (or "already subscribed") mail to one address within this time. */
export const RESEND_MINUTES = 10;

export type SubscribeResult =
  | { status: "check-inbox" }
  | { status: "subscribed" }
  | { status: "needs-email" }
  | { status: "no-topics" }
  | { status: "rate-limited"; retryAfterSeconds: number };

export type Subscriber = { id: number; email: string; status: string; confirmSentAt: Date | null };

const siteOf = () => ({ siteName: siteSettings().siteName, siteUrl: env().SITE_URL });

/**
 * The rows of `emails` (any letter case), locked for this transaction in id order. The addresses
 * go as one array parameter whatever their count (an import's batch is 250).
 */
async function lockedByEmail(tx: Runner, emails: string[]): Promise<Subscriber[]> {
  return tx
    .select({
      id: subscribers.id,
      email: subscribers.email,
      status: subscribers.status,
      confirmSentAt: subscribers.confirmSentAt,
    })
    .from(subscribers)
    .where(
      sql`lower(${subscribers.email}) = any(array(select lower(e) from unnest(${sql.param(emails)}::text[]) as e))`,
    )
    .orderBy(subscribers.id)
    .for("update");
}

const mailedRecently = (row: Subscriber) =>
  row.confirmSentAt !== null && Date.now() - row.confirmSentAt.getTime() < RESEND_MINUTES * 60_000;

export type ConfirmationRequest = { email: string; topics: ResolvedTopics };

/**
 * Asks each address to confirm its topics (pending), or tells a confirmed subscriber they already
 * are; inside `tx`, whose commit sends the mails. The subscribe form asks for one address, an
 * import without consent for a batch: a fixed number of statements whatever the count (call
 * `prepareLinks()` before opening `tx`). An address mailed within RESEND_MINUTES gets nothing
 * (a pending one keeps the latest topics); a repeated address counts once (its last topics).
 * Returns the number of mails queued.
 */
export async function requestConfirmations(tx: Runner, queue: QueueMail, requests: ConfirmationRequest[]) {
  const byEmail = new Map(requests.map((request) => [request.email.toLowerCase(), request]));
  if (byEmail.size === 0) return 0;
  // One array parameter, not one placeholder per address (cheap to build for an import's batch).
  await tx.execute(sql`insert into subscribers (email, status)
    select e, 'pending' from unnest(${sql.param([...byEmail.values()].map((request) => request.email))}::text[]) as e
    on conflict do nothing`);
  const rows = await lockedByEmail(tx, [...byEmail.keys()]);
  if (rows.length !== byEmail.size) throw new Error("a subscriber row vanished");
  const site = siteOf();
  const topicsToReplace: Array<{ subscriberId: number; topics: ResolvedTopics }> = [];
  const alreadyConfirmed: Subscriber[] = [];
  const asked: Array<{ row: Subscriber; hash: string; mail: MailMessage }> = [];
  for (const row of rows) {
    const { topics } = byEmail.get(row.email.toLowerCase())!;
    if (mailedRecently(row)) {
      // Not confirmed yet: the latest choice of topics counts; nothing is mailed again so soon.
      if (row.status !== "confirmed") topicsToReplace.push({ subscriberId: row.id, topics });
    } else if (row.status === "confirmed") {
      alreadyConfirmed.push(row);
    } else {
      const { token, hash } = createSecretToken();
      topicsToReplace.push({ subscriberId: row.id, topics });
      asked.push({
        row,
        hash,
        mail: confirmSubscriptionMail(site, { to: row.email, url: confirmUrl(token), topics: describeTopics(topics) }),
      });
    }
  }
  if (alreadyConfirmed.length > 0) {
    await tx
      .update(subscribers)
      .set({ confirmSentAt: sql`now()` })
      .where(
        inArray(
          subscribers.id,
          alreadyConfirmed.map((row) => row.id),
        ),
      );
  }
  if (asked.length > 0) {
    await tx.execute(sql`update subscribers s
        set status = 'pending', confirm_token_hash = v.hash, confirm_sent_at = now()
       from unnest(${sql.param(asked.map(({ row }) => row.id))}::int[],
                   ${sql.param(asked.map(({ hash }) => hash))}::text[]) as v(id, hash)
      where s.id = v.id`);
  }
  await replaceTopics(tx, topicsToReplace);
  const links = alreadyConfirmed.length > 0 ? await linksFor(alreadyConfirmed.map((row) => row.id)) : new Map();
  const mails = [
    ...asked.map(({ mail }) => mail),
    ...alreadyConfirmed.map((row) =>
      alreadySubscribedMail(site, { to: row.email, manageUrl: links.get(row.id)!.manageUrl }),
    ),
  ];
  await queue("subscribe-confirm", mails);
  return mails.length;
}

/** Subscribes a signed-in reader's verified address at once (their consent is the click). */
async function subscribeAccount(user: { id: number; email: string }, topics: ResolvedTopics) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Their own row, or the row of their address (they proved it is theirs).
    const [existing] = await tx
      .select({ id: subscribers.id, status: subscribers.status })
      .from(subscribers)
      .where(sql`${subscribers.userId} = ${user.id} or lower(${subscribers.email}) = lower(${user.email})`)
      .orderBy(sql`${subscribers.userId} is null`)
      .limit(1)
      .for("update");
    const confirmedNow = {
      status: "confirmed" as const,
      confirmedAt: sql`now()`,
      consent: "account" as const,
      consentedAt: sql`now()`,
      digestSentAt: sql`now()`,
      confirmTokenHash: null,
    };
    if (!existing) {
      const [row] = await tx
        .insert(subscribers)
        .values({ email: user.email, userId: user.id, ...confirmedNow })
        .returning({ id: subscribers.id });
      await writeTopics(tx, row!.id, topics, "replace");
      return;
    }
    const wasConfirmed = existing.status === "confirmed";
    await tx
      .update(subscribers)
      .set({ email: user.email, userId: user.id, ...(wasConfirmed ? {} : confirmedNow) })
      .where(eq(subscribers.id, existing.id));
    await writeTopics(tx, existing.id, topics, wasConfirmed ? "merge" : "replace");
  });
}

/**
 * The subscribe forms' action. `user`: the signed-in reader, if any (their verified address is
 * used when the form has none); `clientIp` for the per-place rate limit.
 */
export async function subscribe(
  input: SubscribeInput,
  options: { user: { id: number; email: string; emailVerified: boolean } | null; clientIp: string },
): Promise<SubscribeResult> {
  const typed = input.email?.trim();
  const email = typed || options.user?.email;
  if (!email) return { status: "needs-email" };
  const limited = await hit([
    limitFor(POLICIES.mailPerIp, "subscribe-ip", options.clientIp),
    limitFor(POLICIES.mailPerAddress, "subscribe-address", accountKey(email)),
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const topics = await resolveTopics(await getDb(), input);
  if (!hasTopics(topics)) return { status: "no-topics" };
  const user = options.user;
  if (user?.emailVerified && email.toLowerCase() === user.email.toLowerCase()) {
    await subscribeAccount(user, topics);
    return { status: "subscribed" };
  }
  await prepareLinks();
  await withMail(async (tx, queue) => requestConfirmations(tx, queue, [{ email, topics }]));
  return { status: "check-inbox" };
}

export type ConfirmLinkState = "ready" | "invalid" | "expired" | "used";

const linkAge = sql<number>`extract(epoch from now() - ${subscribers.confirmSentAt})::float8`;

/** What a confirmation link would do (the GET shows it; nothing changes). */
export async function readConfirmLink(token: string | undefined): Promise<ConfirmLinkState> {
  if (!token || !isSecretToken(token)) return "invalid";
  const db = await getDb();
  const [row] = await db
    .select({ status: subscribers.status, age: linkAge })
    .from(subscribers)
    .where(eq(subscribers.confirmTokenHash, hashSecretToken(token)));
  if (!row) return "invalid";
  if (row.status === "confirmed") return "used";
  if (row.status !== "pending") return "invalid";
  return Number(row.age) > CONFIRM_VALID_DAYS * 86_400 ? "expired" : "ready";
}

/** Confirms the subscription a link names (the page's POST); anything else changes nothing. */
export async function confirmSubscription(token: string | undefined): Promise<ConfirmLinkState | "confirmed"> {
  if (!token || !isSecretToken(token)) return "invalid";
  const db = await getDb();
  const rows = await db
    .update(subscribers)
    .set({
      status: "confirmed",
      confirmedAt: sql`now()`,
      consent: "link",
      consentedAt: sql`now()`,
      digestSentAt: sql`now()`,
    })
    .where(
      sql`${subscribers.confirmTokenHash} = ${hashSecretToken(token)} and ${subscribers.status} = 'pending'
          and ${subscribers.confirmSentAt} > now() - (${CONFIRM_VALID_DAYS}::int * interval '1 day')`,
    )
    .returning({ id: subscribers.id });
  if (rows.length > 0) return "confirmed";
  return readConfirmLink(token);
}
