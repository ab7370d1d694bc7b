/**
 * The dashboard's list of articles: one statement per page (counts and the page), a title
 * search through the narrow article_search table, and the count of every article kept per
 * database between content changes.
 *
 * Order: drafts and scheduled articles first (newest created first), then published ones, newest
 * published first: what an author is working on comes before what is out (issue 26, item 9).
 * Unpublished rows are exactly those without published_at (a check constraint), so "All" is
 * published_at desc NULLS FIRST, id desc.
 *
 * Indexes: that order is read as two ranges of articles_published_idx (published_at desc nulls
 * last, id desc nulls last; the ORDER BY must say "nulls last" too, or the planner cannot use it):
 * its null range (the unpublished rows, id desc) and then the rest, each cut at the page's end and
 * merged; the same two ranges of article_search_recent_idx for a title search. Its title search
 * (ILIKE '%q%') uses article_search_title_trgm_idx (gin_trgm_ops, drizzle/0005_search_candidates.sql).
 */
import { MAX_PAGE } from "~/lib/pagination";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/db.server";
import type { ArticleStatus } from "~/db/schema";
import { type DashboardStatusFilter, parseStatusFilter } from "~/lib/dashboard-status";
import { keptRead } from "~/cache/kept-reads.server";
import { toIso } from "~/lib/dates";
import type { DashboardPage, DashboardRow } from "./dashboard-view";

export const DASHBOARD_PAGE_SIZE = 50;
/** Longest title search kept (longer input is cut). */
export const DASHBOARD_QUERY_MAX = 200;

export type { DashboardPage, DashboardRow, DashboardStatusFilter } from "./dashboard-view";
export { parseStatusFilter };

/** A search box value as a LIKE pattern matching it anywhere, wildcards taken literally. */
function containsPattern(query: string) {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function normalizeDashboardQuery(raw: string | null | undefined) {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, DASHBOARD_QUERY_MAX);
}

type DashboardSqlRow = {
  total: number | string;
  matching: number | string | null;
  id: number | null;
  title: string | null;
  slug: string | null;
  author_name: string | null;
  status: ArticleStatus | null;
  published_at: Date | string | null;
  scheduled_at: Date | string | null;
  publish_error: string | null;
  has_pending: boolean | null;
};

/**
 * The number of articles is the dashboard's only O(n) read (a full scan: the embedded database
 * never vacuums, so no index-only count): kept until the next content change, at most
 * TOTAL_TTL_MS (~/cache/kept-reads.server).
 */
export const TOTAL_TTL_MS = 30_000;
const articleTotal = keptRead<number>(TOTAL_TTL_MS);

/**
 * The dashboard's one statement: the counts row always comes back (with a null article past
 * the last page), the page joins it laterally. `knownTotal` skips counting every article.
 * A title search reads the narrow `article_search` table (one ~100-byte row per article, kept by
 * triggers: drizzle/0005_search_candidates.sql) for its count and its page of ids, through the
 * trigram index, so it never reads the wide articles rows of its matches; only the page's 50
 * rows come from articles. Exported so a test can EXPLAIN it.
 */
export function dashboardSql(
  query: string,
  page: number,
  knownTotal: number | null = null,
  status: DashboardStatusFilter = "all",
  authorId: number | null = null,
) {
  const offset = (page - 1) * DASHBOARD_PAGE_SIZE;
  // articles and article_search share these column names (the id is article_id in the latter).
  const matches = (alias: string) => {
    const title = query === "" ? sql`true` : sql`${sql.raw(alias)}.title ilike ${containsPattern(query)}`;
    const own = authorId === null ? title : sql`${title} and ${sql.raw(alias)}.author_id = ${authorId}::int`;
    // A literal (one of three known values), so the planner can match the status indexes.
    return status === "all" ? own : sql`${own} and ${sql.raw(alias)}.status = ${sql.raw(`'${status}'`)}`;
  };
  const filtered = query !== "" || status !== "all";
  // Drafts and scheduled articles have no published_at: newest first is id order (articles_status_id_idx).
  const unpublishedOnly = status === "draft" || status === "scheduled";
  // The index order (both published_idx and recent_idx): published_at desc nulls last, id desc.
  const indexOrder = (alias: string, id: string) =>
    sql.raw(`${alias}.published_at desc nulls last, ${alias}.${id} desc nulls last`);
  const order = (alias: string, id: string) =>
    unpublishedOnly
      ? sql.raw(`${alias}.${id} desc`)
      : status === "published"
        ? indexOrder(alias, id)
        : sql.raw(`${alias}.published_at desc nulls first, ${alias}.${id} desc`);
  const mineOnly = authorId === null ? sql`true` : sql`o.author_id = ${authorId}::int`;
  const total =
    knownTotal === null ? sql`(select count(*)::int from articles o where ${mineOnly})` : sql`${knownTotal}::int`;
  const source = query === "" ? sql`articles m` : sql`article_search m`;
  const matching = filtered ? sql`(select count(*)::int from ${source} where ${matches("m")})` : sql`null::int`;
  const [table, alias, id] = query === "" ? ["articles", "a", "id"] : ["article_search", "s", "article_id"];
  const from = sql.raw(`${table} ${alias}`);
  const pageIds =
    status === "all"
      ? // Unpublished first: the index's null range, then its dated range, each cut at the page's
        // end (the page can lie wholly in either, or straddle them), merged by the page's order.
        sql`select u.id from (
              (select ${sql.raw(`${alias}.${id}`)} as id, ${sql.raw(alias)}.published_at from ${from}
                where ${matches(alias)} and ${sql.raw(alias)}.published_at is null
                order by ${indexOrder(alias, id)} limit ${offset + DASHBOARD_PAGE_SIZE})
              union all
              (select ${sql.raw(`${alias}.${id}`)} as id, ${sql.raw(alias)}.published_at from ${from}
                where ${matches(alias)} and ${sql.raw(alias)}.published_at is not null
                order by ${indexOrder(alias, id)} limit ${offset + DASHBOARD_PAGE_SIZE})
            ) u
            order by ${order("u", "id")} limit ${DASHBOARD_PAGE_SIZE} offset ${offset}`
      : sql`select ${sql.raw(`${alias}.${id}`)} as id from ${from} where ${matches(alias)}
            order by ${order(alias, id)} limit ${DASHBOARD_PAGE_SIZE} offset ${offset}`;
  // Each count is referenced once: a scalar subquery used twice would be evaluated twice.
  return sql`select t.total, t.matching, p.id, p.title, p.slug, p.author_name, p.status, p.published_at,
               p.scheduled_at, p.publish_error, p.has_pending
        from (select ${total} as total, ${matching} as matching) t
        left join lateral (
          select a.id, a.title, a.slug, au.name as author_name, a.status, a.published_at, a.scheduled_at,
                 a.publish_error, a.pending_revision_id is not null as has_pending
          from (${pageIds}) ids
          join articles a on a.id = ids.id
          left join authors au on au.id = a.author_id
        ) p on true
        order by ${order("p", "id")}`;
}

/** One page of the dashboard (unpublished first, then published; newest first), with the count of all articles and of the matching ones. */
export async function listDashboardArticles(
  options: {
    query?: string | null;
    page?: number;
    status?: DashboardStatusFilter;
    /** Only this author profile's articles (writers without "article.edit-any" see only theirs). */
    authorId?: number | null;
  } = {},
): Promise<DashboardPage> {
  const status = options.status ?? "all";
  const authorId = options.authorId ?? null;
  const db = await getDb();
  const query = normalizeDashboardQuery(options.query);
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), MAX_PAGE);
  // The cached total is everyone's; one writer's own count is an index range (articles_author_id_idx).
  const { value: known, since } = authorId === null ? articleTotal.peek(db) : { value: null, since: 0 };
  const rows = await queryRows<DashboardSqlRow>(db, dashboardSql(query, page, known, status, authorId));
  const total = Number(rows[0]?.total ?? 0);
  if (authorId === null && known === null) articleTotal.keep(db, total, since);
  const matching = query === "" && status === "all" ? total : Number(rows[0]?.matching ?? 0);
  const list: DashboardRow[] = [];
  for (const row of rows) {
    if (row.id === null || row.title === null || row.slug === null || row.status === null) continue;
    list.push({
      id: row.id,
      title: row.title,
      slug: row.slug,
      authorName: row.author_name,
      status: row.status,
      publishedAt: row.published_at === null ? null : toIso(row.published_at),
      scheduledAt: row.scheduled_at === null ? null : toIso(row.scheduled_at),
      publishError: row.publish_error,
      hasPending: Boolean(row.has_pending),
    });
  }
  return {
    articles: list,
    total,
    matching,
    page,
    pageCount: Math.max(1, Math.ceil(matching / DASHBOARD_PAGE_SIZE)),
    pageSize: DASHBOARD_PAGE_SIZE,
    query,
    status,
  };
}
