import { eq, sql } from "drizzle-orm";
import { getDb, queryRows, type Runner } from "~/db/db.server";
import { slugRedirects } from "~/db/schema";

/** The current slug of the published article that used to be at `slug`, or null. */
export async function findSlugRedirect(slug: string): Promise<string | null> {
  if (slug.length > 200) return null;
  const db = await getDb();
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select a.slug from slug_redirects r join articles a on a.id = r.article_id
        where r.old_slug = ${slug} and a.status = 'published' limit 1`,
  );
  return rows[0]?.slug ?? null;
}

/** The id of the article a slug still redirects to (other than `exceptId`), or null. */
export async function redirectOwner(runner: Runner, slug: string, exceptId: number | null): Promise<number | null> {
  const [row] = await runner
    .select({ articleId: slugRedirects.articleId })
    .from(slugRedirects)
    .where(eq(slugRedirects.oldSlug, slug))
    .limit(1);
  if (!row || row.articleId === exceptId) return null;
  return row.articleId;
}

/**
 * A published article's live slug moves from `from` to `to`: `from` now redirects to it, and
 * `to` (if it was one of its old slugs) no longer redirects anywhere.
 */
export async function moveSlug(runner: Runner, articleId: number, from: string, to: string) {
  if (from === to) return;
  await runner.delete(slugRedirects).where(eq(slugRedirects.oldSlug, to));
  await runner
    .insert(slugRedirects)
    .values({ oldSlug: from, articleId })
    .onConflictDoUpdate({ target: slugRedirects.oldSlug, set: { articleId, createdAt: sql`now()` } });
}
