/** Hard bounces reported after the send: the row is marked and the address suppressed for newsletters. */
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/db.server";
import { mailSuppressions } from "~/db/schema";

/**
 * A hard bounce reported after the send (a delivery status notification, a provider's webhook):
 * marks the row bounced and suppresses its address for newsletters. False for an unknown id.
 */
export async function recordBounce(messageId: string, reason = "hard bounce"): Promise<boolean> {
  const db = await getDb();
  const rows = await queryRows<{ to_address: string }>(
    db,
    sql`update mail_outbox set bounced_at = coalesce(bounced_at, now()), last_error = ${reason.slice(0, 500)}
         where message_id = ${messageId} returning to_address`,
  );
  const row = rows[0];
  if (!row) return false;
  await db
    .insert(mailSuppressions)
    .values({ email: row.to_address.toLowerCase(), reason: reason.slice(0, 500) })
    .onConflictDoNothing();
  return true;
}
