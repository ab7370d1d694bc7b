/**
 * Managing a subscription: from the signed link in every newsletter (no account needed) or from
 * /account for a signed-in reader. Topics and frequency ("each article" or "a weekly digest"),
 * and unsubscribing, which one click does (RFC 8058 POST) and which keeps the row (the admin
 * chart counts the lost; subscribing again starts from a new confirmation).
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { subscribers } from "~/db/schema";
import type { Frequency, ManageInput, TopicChoice } from "~/lib/newsletter-schema";
import { readManageToken } from "./links.server";
import { hasTopics, readTopics, resolveTopics, writeTopics } from "./topics.server";

export type SubscriptionView = {
  id: number;
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  frequency: Frequency;
  topics: TopicChoice;
};

async function viewOf(where: ReturnType<typeof sql>): Promise<SubscriptionView | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      status: subscribers.status,
      frequency: subscribers.frequency,
    })
    .from(subscribers)
    .where(where)
    .limit(1);
  if (!row) return null;
  const { names: _names, ...topics } = await readTopics(row.id);
  return { ...row, topics };
}

/** The subscription a manage link names; null for a tampered link or a deleted subscriber. */
export async function subscriptionByToken(token: string | undefined): Promise<SubscriptionView | null> {
  const id = await readManageToken(token);
  return id === null ? null : viewOf(sql`${subscribers.id} = ${id}`);
}

/** A signed-in reader's subscription (by account, else by their address). */
export async function subscriptionOfUser(user: { id: number; email: string }): Promise<SubscriptionView | null> {
  return viewOf(
    sql`${subscribers.userId} = ${user.id} or (${subscribers.userId} is null and lower(${subscribers.email}) = lower(${user.email}))`,
  );
}

export type ManageResult = "updated" | "no-topics" | "not-subscribed";

/** New topics and frequency for a confirmed subscription. */
export async function updateSubscription(id: number, input: ManageInput): Promise<ManageResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: subscribers.status, frequency: subscribers.frequency })
      .from(subscribers)
      .where(eq(subscribers.id, id))
      .for("update");
    if (row?.status !== "confirmed") return "not-subscribed" as const;
    const topics = await resolveTopics(tx, input);
    if (!hasTopics(topics)) return "no-topics" as const;
    await writeTopics(tx, id, topics, "replace");
    await tx
      .update(subscribers)
      .set({
        frequency: input.frequency,
        // A switch to the digest starts it from now: earlier articles were mailed one by one.
        ...(row.frequency !== "weekly" && input.frequency === "weekly" ? { digestSentAt: sql`now()` } : {}),
      })
      .where(eq(subscribers.id, id));
    return "updated" as const;
  });
}

/** Ends a subscription; "already" when it had ended (or never started). */
export async function endSubscription(id: number): Promise<"unsubscribed" | "already"> {
  const db = await getDb();
  const rows = await db
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, confirmTokenHash: null })
    .where(sql`${subscribers.id} = ${id} and ${subscribers.status} <> 'unsubscribed'`)
    .returning({ id: subscribers.id });
  return rows.length > 0 ? "unsubscribed" : "already";
}
