import { sql } from "drizzle-orm";
import { articles } from "./schema";

/**
 * Newest first, exactly as the (published_at DESC NULLS LAST, id DESC NULLS LAST) indexes are
 * ordered. Drizzle's desc() says plain DESC (nulls first), which the planner cannot read from
 * these indexes, so every newest-first article query uses this instead.
 */
export const newestFirst = [sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`] as const;

/**
 * Readers see published articles only: every public query (pages, lists, search, feeds, sitemap,
 * llms.txt, markdown, counts) adds this. A literal, not a parameter, so the planner can match the
 * partial indexes (articles_category_published_idx, articles_featured_published_idx) whatever
 * plan it caches.
 */
export const isPublished = sql`${articles.status} = 'published'`;
