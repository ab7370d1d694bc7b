/**
 * Prepares a newsletter to N subscribers in the database the environment names (DATA_DIR or
 * DATABASE_URL), migrating it first: N confirmed subscribers (everything), one published article
 * and its queued newsletter, as a publish leaves it. For server tests, run before the server
 * starts (the embedded database admits one process).
 * Usage: tsx tests/e2e/support/queue-test-newsletter.ts N
 */
import { sql } from "drizzle-orm";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";

const count = Number(process.argv[2] ?? 0);
const handle = await getDatabaseHandle();
await handle.migrate();
await handle.db.execute(sql`
  insert into subscribers (email, status, everything, consent, consented_at, confirmed_at)
  select 'reader-' || g || '@fanout.test', 'confirmed', true, 'import', now(), now()
    from generate_series(1, ${count}) as g`);
await handle.db.execute(sql`
  insert into articles (title, slug, content, content_html, status, published_at)
  values ('Fan-out test', 'fan-out-test', 'Hello, readers.', '<p>Hello, readers.</p>', 'published', now())`);
await handle.db.execute(sql`
  insert into newsletter_issues (article_id, state, queued_at)
  select id, 'queued', now() from articles where slug = 'fan-out-test'`);
await closeDatabase();
