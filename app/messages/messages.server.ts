/**
 * Contact and Write for Us messages: stored, mailed to the administrators, read in the admin
 * inbox (/admin/inbox). Sending is rate-limited per client address; a filled honeypot is refused
 * before anything is stored. Inbox writes (read, archive) are recorded in the audit log.
 */
import { siteSettings } from "~/settings/settings.server";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { hit, limitFor, type Policy } from "~/auth/rate-limit.server";
import { getDb } from "~/db/db.server";
import { type MessageKind, type MessageStatus, messages, users } from "~/db/schema";
import { env } from "~/env.server";
import type { InboxFilter, PitchDetails } from "~/lib/message-schemas";
import { getMailer } from "~/mail/mailer.server";
import { newMessageMail } from "~/mail/templates.server";
import { logger } from "~/observability/logger.server";

/** Messages one client address may send (contact and pitches together). */
export const MESSAGE_POLICY: Policy = { max: 5, windowSeconds: 60 * 60 };
export const INBOX_PAGE_SIZE = 25;

export type NewMessage = {
  kind: MessageKind;
  name: string;
  email: string;
  subject: string;
  body: string;
  details?: PitchDetails | null;
};

export type SubmitResult =
  | { status: "sent"; id: number }
  | { status: "refused" }
  | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a message and mails it to every administrator (in the background: the sender is not
 * kept waiting, and a mail failure is logged; the message is in the inbox either way).
 * `honeypot` is the hidden field's value: filled means a bot, refused and never stored.
 */
export async function submitMessage(
  input: NewMessage,
  options: { clientIp: string; honeypot?: string | null },
): Promise<SubmitResult> {
  if (options.honeypot?.trim()) return { status: "refused" };
  const limited = await hit([limitFor(MESSAGE_POLICY, "message", "ip", options.clientIp)]);
  if (!limited.ok) return { status: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const db = await getDb();
  const [row] = await db
    .insert(messages)
    .values({
      kind: input.kind,
      name: input.name.trim(),
      email: input.email.trim(),
      subject: input.subject.trim(),
      body: input.body,
      details: input.details ?? null,
    })
    .returning({ id: messages.id });
  const id = row!.id;
  void mailAdministrators(id, input).catch((error: unknown) => {
    logger().error({ err: error, event: "mail", messageId: id }, `could not send message ${id} to the administrators`);
  });
  return { status: "sent", id };
}

async function mailAdministrators(id: number, input: NewMessage) {
  const db = await getDb();
  const admins = await db
    .select({ email: users.email, name: users.fullName })
    .from(users)
    .where(and(eq(users.role, "administrator"), sql`${users.suspendedAt} is null`));
  const { SITE_URL } = env();
  const SITE_NAME = siteSettings().siteName;
  const site = { siteName: SITE_NAME, siteUrl: SITE_URL };
  const mailer = getMailer();
  for (const admin of admins) {
    await mailer.send(
      newMessageMail(site, {
        to: admin.email,
        name: admin.name,
        message: input,
        url: `${SITE_URL}/admin/inbox/${id}`,
      }),
    );
  }
}

export type InboxRow = {
  id: number;
  kind: MessageKind;
  name: string;
  email: string;
  subject: string;
  status: MessageStatus;
  createdAt: string;
};

const statusWhere = (filter: InboxFilter) =>
  filter === "inbox" ? ne(messages.status, "archived") : eq(messages.status, filter);

/** One page of the inbox, newest first (messages_status_idx), with the count of each status. */
export async function listMessages(filter: InboxFilter, page = 1, pageSize = INBOX_PAGE_SIZE) {
  const db = await getDb();
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: messages.id,
        kind: messages.kind,
        name: messages.name,
        email: messages.email,
        subject: messages.subject,
        status: messages.status,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(statusWhere(filter))
      .orderBy(desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ status: messages.status, count: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .groupBy(messages.status),
  ]);
  const byStatus: Record<MessageStatus, number> = { unread: 0, read: 0, archived: 0 };
  for (const row of counts) byStatus[row.status] = row.count;
  const total = filter === "inbox" ? byStatus.unread + byStatus.read : byStatus[filter];
  return {
    messages: rows.map((row): InboxRow => ({ ...row, createdAt: row.createdAt.toISOString() })),
    counts: byStatus,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}

export async function getMessage(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  if (!row) return null;
  return {
    ...row,
    details: (row.details as PitchDetails | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Opening an unread message marks it read (audited); other statuses stay. */
export async function markRead(actor: AuditActor, id: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ status: "read" })
      .where(and(eq(messages.id, id), eq(messages.status, "unread")))
      .returning({ subject: messages.subject });
    if (!row) return false;
    await recordAudit(
      actor,
      { kind: "message", action: "read", targetId: id, summary: `Read message “${row.subject}”` },
      tx,
    );
    return true;
  });
}

/** Archives a message, or brings it back to the inbox (as read); audited. */
export async function setArchived(actor: AuditActor, id: number, archived: boolean): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ status: archived ? "archived" : "read" })
      .where(and(eq(messages.id, id), archived ? ne(messages.status, "archived") : eq(messages.status, "archived")))
      .returning({ subject: messages.subject });
    if (!row) return false;
    await recordAudit(
      actor,
      {
        kind: "message",
        action: archived ? "archived" : "unarchived",
        targetId: id,
        summary: `${archived ? "Archived" : "Moved back to the inbox"} message “${row.subject}”`,
      },
      tx,
    );
    return true;
  });
}
