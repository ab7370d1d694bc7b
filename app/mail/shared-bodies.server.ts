/**
 * Mail bodies many outbox rows share: a newsletter is stored once (`mail_bodies`) and each of its
 * rows (one per subscriber) names it with `body_id`, carrying only its own values (`vars`: the
 * subscriber's manage and unsubscribe links), put into the body's `{{name}}`s when it is sent.
 * 100 000 subscribers then cost 100 000 small rows, not 100 000 copies of the article.
 */
import { sql } from "drizzle-orm";
import { type Database, queryRows, type Runner } from "~/db/db.server";
import { mailBodies } from "~/db/schema";

/**
 * Stores a body that many rows will share (a newsletter): returns its id for `bodyId`. Its text
 * and HTML may name per-row values as `{{name}}`, filled from each row's `vars` when sent.
 */
export async function storeSharedBody(tx: Runner, body: { text: string; html: string }): Promise<number> {
  const [row] = await tx
    .insert(mailBodies)
    .values({ textBody: body.text, htmlBody: body.html })
    .returning({ id: mailBodies.id });
  if (!row) throw new Error("the shared mail body was not stored");
  return row.id;
}

export type SharedBody = { text: string; html: string };

/** The shared bodies the claimed rows name, read once per claim. */
export async function sharedBodies(
  db: Database,
  rows: { body_id: number | string | null }[],
): Promise<Map<string, SharedBody>> {
  const ids = [...new Set(rows.flatMap((row) => (row.body_id == null ? [] : [String(row.body_id)])))];
  const bodies = new Map<string, SharedBody>();
  if (ids.length === 0) return bodies;
  const found = await queryRows<{ id: number | string; text_body: string; html_body: string }>(
    db,
    sql`select id, text_body, html_body from mail_bodies where id in (${sql.join(
      ids.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})`,
  );
  for (const body of found) bodies.set(String(body.id), { text: body.text_body, html: body.html_body });
  return bodies;
}

const escapeVar = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `{{name}}` in a shared body → the row's value (HTML-escaped in the HTML part); unknown names stay. */
export function fillVars(template: string, vars: Record<string, string> | null, html: boolean) {
  if (!vars) return template;
  return template.replace(/\{\{([A-Za-z][A-Za-z0-9]*)\}\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return html ? escapeVar(value) : value;
  });
}
