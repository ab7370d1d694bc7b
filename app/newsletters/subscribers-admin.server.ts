/**
 * The admin Subscribers page's reads (issue 24.5): counts by status and by topic, new and lost per
 * week, the searchable list, and one article's mails by outcome (the editor's panel).
 *
 * Indexes: subscribers_confirmed_at_idx and subscribers_unsubscribed_at_idx (the weekly chart),
 * subscribers_email_trgm_idx (search, migration 0009), subscriber_*_idx (counts by topic), the
 * deliveries' primary key and mail_outbox_message_id_key (per-article counts).
 */
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/db.server";
import type {
  ArticleMailCounts,
  SubscriberList,
  SubscriberRow,
  SubscriberSummary,
  TopicCount,
  WeekChange,
} from "./subscribers-view";

export const CHART_WEEKS = 12;
export const SUBSCRIBERS_PAGE_SIZE = 25;

export async function subscriberSummary(): Promise<SubscriberSummary> {
  const [row] = await queryRows<SubscriberSummary>(
    await getDb(),
    sql`select count(*) filter (where status = 'confirmed')::int as confirmed,
               count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'unsubscribed')::int as unsubscribed,
               count(*) filter (where status = 'confirmed' and frequency = 'weekly')::int as weekly
          from subscribers`,
  );
  return row ?? { confirmed: 0, pending: 0, unsubscribed: 0, weekly: 0 };
}

/** Confirmed subscribers by topic: everything, each category, each author (most followed first). */
export async function countsByTopic(): Promise<TopicCount[]> {
  const rows = await queryRows<TopicCount>(
    await getDb(),
    sql`select 'everything' as kind, 'Everything' as name, count(*)::int as count
          from subscribers where status = 'confirmed' and everything
        union all
        select 'category', c.name, count(*)::int
          from subscriber_categories sc join subscribers s on s.id = sc.subscriber_id and s.status = 'confirmed'
          join categories c on c.id = sc.category_id group by c.name
        union all
        select 'author', a.name, count(*)::int
          from subscriber_authors sa join subscribers s on s.id = sa.subscriber_id and s.status = 'confirmed'
          join authors a on a.id = sa.author_id group by a.name
        order by 3 desc, 2`,
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The last CHART_WEEKS weeks (Monday first, UTC): subscribers confirmed and subscribers lost. */
export async function weeklyChanges(now = new Date()): Promise<WeekChange[]> {
  const rows = await queryRows<{ week: string; gained: number; lost: number }>(
    await getDb(),
    sql`with weeks as (
          select generate_series(date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC')
                                   - ${CHART_WEEKS - 1} * interval '1 week',
                                 date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC'),
                                 interval '1 week') as week
        )
        select to_char(w.week, 'YYYY-MM-DD') as week,
               (select count(*) from subscribers s
                 where s.confirmed_at >= w.week at time zone 'UTC'
                   and s.confirmed_at < (w.week + interval '1 week') at time zone 'UTC')::int as gained,
               (select count(*) from subscribers s
                 where s.unsubscribed_at >= w.week at time zone 'UTC'
                   and s.unsubscribed_at < (w.week + interval '1 week') at time zone 'UTC')::int as lost
          from weeks w order by w.week`,
  );
  return rows.map((row) => ({ week: row.week, gained: Number(row.gained), lost: Number(row.lost) }));
}

/** The list, newest first, optionally searched by address (a part of it, any letter case). */
export async function listSubscribers(query: string, page: number): Promise<SubscriberList> {
  const db = await getDb();
  const q = query.trim().toLowerCase();
  const where = q ? sql`lower(s.email) like ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`true`;
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from subscribers s where ${where}`,
  );
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await queryRows<SubscriberRow & { created_at: Date | string }>(
    db,
    sql`select s.id, s.email, s.status, s.frequency, s.created_at,
               case when s.everything then 'Everything' else concat_ws(', ',
                 (select string_agg(c.name, ', ' order by c.name) from subscriber_categories sc
                    join categories c on c.id = sc.category_id where sc.subscriber_id = s.id),
                 (select string_agg(a.name, ', ' order by a.name) from subscriber_authors sa
                    join authors a on a.id = sa.author_id where sa.subscriber_id = s.id)) end as topics
          from subscribers s where ${where}
         order by s.id desc limit ${SUBSCRIBERS_PAGE_SIZE} offset ${(current - 1) * SUBSCRIBERS_PAGE_SIZE}`,
  );
  return {
    rows: rows.map(({ created_at, ...row }) => ({
      ...row,
      topics: row.topics ?? "",
      createdAt: new Date(created_at).toISOString(),
    })),
    total,
    page: current,
    pageCount,
  };
}

/** One article's newsletter: queued (pending or sending), sent, failed and bounced mails. */
export async function articleMailCounts(articleId: number): Promise<ArticleMailCounts> {
  const db = await getDb();
  const [issue] = await queryRows<{ state: ArticleMailCounts["state"]; skip: boolean }>(
    db,
    sql`select state, skip from newsletter_issues where article_id = ${articleId}`,
  );
  const [counts] = await queryRows<{ queued: number; sent: number; failed: number; bounced: number }>(
    db,
    sql`select count(*) filter (where o.status in ('pending', 'sending'))::int as queued,
               count(*) filter (where o.status = 'sent' and o.bounced_at is null)::int as sent,
               count(*) filter (where o.status = 'failed' and o.bounced_at is null)::int as failed,
               count(*) filter (where o.bounced_at is not null)::int as bounced
          from (select distinct message_id from newsletter_deliveries where article_id = ${articleId}) d
          join mail_outbox o on o.message_id = d.message_id`,
  );
  return {
    state: issue?.state ?? "none",
    skip: issue?.skip ?? false,
    queued: Number(counts?.queued ?? 0),
    sent: Number(counts?.sent ?? 0),
    failed: Number(counts?.failed ?? 0),
    bounced: Number(counts?.bounced ?? 0),
  };
}
