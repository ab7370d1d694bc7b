import { sql } from "drizzle-orm";
import { articles } from "./schema";

/**
 * Newest first, exactly as the (published_at DESC NULLS LAST, id DESC NULLS LAST) indexes are
 * ordered. Drizzle's desc() says plain DESC (nulls first), which the planner cannot read from
 * these indexes, so every newest-first article query uses this instead.
 */
export const newestFirst = [sql`${articles.publishedAt} desc nulls last`, sql`${articles.id} desc nulls last`] as const;
