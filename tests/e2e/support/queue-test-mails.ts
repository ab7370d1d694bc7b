/**
 * Queues N test mails straight into the outbox of the database the environment names (DATA_DIR or
 * DATABASE_URL), migrating it first; for server tests, run before the server starts (the embedded
 * database admits one process). Usage: tsx tests/e2e/support/queue-test-mails.ts N PREFIX
 */
import { sql } from "drizzle-orm";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";

const count = Number(process.argv[2] ?? 0);
const prefix = process.argv[3] ?? "test";
const handle = await getDatabaseHandle();
await handle.migrate();
await handle.db.execute(sql`
  insert into mail_outbox (kind, message_id, to_address, subject, text_body, html_body)
  select 'message', '<' || ${prefix} || '-' || g || '@outbox.test>', ${prefix} || '-' || g || '@example.com',
         'Outbox test ' || g, 'Mail number ' || g, '<p>Mail number ' || g || '</p>'
    from generate_series(1, ${count}) as g`);
await closeDatabase();
