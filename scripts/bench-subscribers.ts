/**
 * Seeds N confirmed subscribers ("each article") to one category for `npm run bench`'s newsletter
 * runs, in two statements (INSERT … SELECT generate_series), before the server starts (the
 * embedded database admits one process). Addresses: reader-<n>@bench.test.
 * Usage: tsx scripts/bench-subscribers.ts N CATEGORY_SLUG (DATABASE_URL or DATA_DIR as the app).
 */
import { sql } from "drizzle-orm";
import { closeDatabase, getDatabaseHandle, queryRows } from "~/db/db.server";

const count = Number(process.argv[2]);
const slug = process.argv[3] ?? "";
if (!Number.isSafeInteger(count) || count < 1 || !slug) {
  console.error("Usage: tsx scripts/bench-subscribers.ts N CATEGORY_SLUG");
  process.exit(1);
}
const handle = await getDatabaseHandle();
const [category] = await queryRows<{ id: number }>(handle.db, sql`select id from categories where slug = ${slug}`);
if (!category) {
  console.error(`No category "${slug}".`);
  process.exit(1);
}
await handle.db.transaction(async (tx) => {
  await tx.execute(sql`
    insert into subscribers (email, status, everything, frequency, consent, consented_at, confirmed_at, digest_sent_at)
    select 'reader-' || g || '@bench.test', 'confirmed', false, 'each', 'import', now(), now(), now()
      from generate_series(1, ${count}) as g`);
  await tx.execute(sql`
    insert into subscriber_categories (subscriber_id, category_id)
    select id, ${category.id} from subscribers where email like 'reader-%@bench.test'`);
});
await closeDatabase();
