/**
 * One-click unsubscribe from comment mails (RFC 8058). A link carries the user, the kind of mail
 * and an HMAC of both, keyed by a random secret made once per site and kept in site_settings
 * (key "unsubscribeSecret"; the settings code ignores keys it does not know). No expiry: an old
 * mail's link must still work, and all it can do is turn a notification off.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { siteSettings, users } from "~/db/schema";
import { env } from "~/env.server";

export const UNSUBSCRIBE_KINDS = ["comments", "replies"] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export const UNSUBSCRIBE_LABELS: Record<UnsubscribeKind, string> = {
  comments: "new comments on your articles",
  replies: "replies to your comments",
};

const SECRET_KEY = "unsubscribeSecret";
const secrets = new WeakMap<Database, string>();

/** The site's secret: created by the first caller on any instance (insert … on conflict do nothing). */
export async function unsubscribeSecret(): Promise<string> {
  const db = await getDb();
  const known = secrets.get(db);
  if (known) return known;
  await db
    .insert(siteSettings)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, SECRET_KEY));
  if (typeof row?.value !== "string") throw new Error("unsubscribe secret missing");
  secrets.set(db, row.value);
  return row.value;
}

function mac(secret: string, userId: number, kind: UnsubscribeKind) {
  return createHmac("sha256", secret).update(`${userId}:${kind}`).digest("base64url");
}

/** The token of one user's unsubscribe link for one kind of mail: `{userId}.{kind}.{hmac}`. */
export async function unsubscribeToken(userId: number, kind: UnsubscribeKind) {
  return `${userId}.${kind}.${mac(await unsubscribeSecret(), userId, kind)}`;
}

export async function unsubscribeUrl(userId: number, kind: UnsubscribeKind) {
  return `${env().SITE_URL}/unsubscribe/${await unsubscribeToken(userId, kind)}`;
}

/** The user and kind a token names, or null when it is not one of ours. */
export async function readUnsubscribeToken(token: string): Promise<{ userId: number; kind: UnsubscribeKind } | null> {
  const match = /^(\d{1,10})\.(comments|replies)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2] as UnsubscribeKind;
  const expected = Buffer.from(mac(await unsubscribeSecret(), userId, kind));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, kind };
}

/** Turns the notification off; false when the account no longer exists. */
export async function unsubscribe(userId: number, kind: UnsubscribeKind): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(users)
    .set(kind === "comments" ? { notifyOnComment: false } : { notifyOnReply: false })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
