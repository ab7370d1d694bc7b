/**
 * Newsletters (issue 24.2): an article going live is mailed to every confirmed subscriber whose
 * topics match, at most once each, by a worker in batches, never in the publishing request.
 *
 * - The publishing transaction (a save that publishes, the scheduler, an approval, which saves)
 *   calls `noteArticleNewsletter`: the article's `newsletter_issues` row becomes `queued` (or
 *   `skipped`: "Do not email this article"). Only a row still `waiting` (or none) changes, so
 *   editing or republishing never queues it again.
 * - `fanOutOnce` takes one queued issue with `FOR UPDATE SKIP LOCKED`, and in one transaction
 *   writes the next FANOUT_BATCH matching subscribers (ids above its cursor, "each article",
 *   not suppressed) into `newsletter_deliveries` (primary key article + subscriber: at most once,
 *   whichever topics match and however often a batch is retried) and one outbox row each, and
 *   moves the cursor. A process killed mid-batch rolls the batch back; the next run redoes it.
 * - Every row shares one stored body (app/mail/shared-bodies.server.ts) with the subscriber's own
 *   links in `vars`, and carries List-Unsubscribe, List-Unsubscribe-Post and List-Id.
 *
 * Indexes: newsletter_issues_queued_idx, subscribers_confirmed_idx (frequency, id) where
 * confirmed, subscriber_categories_category_idx, subscriber_authors_author_idx, the deliveries'
 * primary key, mail_suppressions' primary key.
 */
import { sql } from "drizzle-orm";
import { type Database, getDb, queryRows, type Runner } from "~/db/db.server";
import { env } from "~/env.server";
import { mailQueued, newMessageId, queueMail } from "~/mail/outbox.server";
import { storeSharedBody } from "~/mail/shared-bodies.server";
import { siteSettings } from "~/settings/settings.server";
import { linksFor, prepareLinks } from "./links.server";
import {
  type NewsletterArticle,
  newsletterHeaders,
  newsletterSubject,
  renderNewsletter,
} from "./newsletter-mail.server";

export const NEWSLETTER_CHANNEL = "newsletter_queued";
/**
 * Subscribers one fan-out transaction writes. Small, so that on the embedded database a request
 * arriving while one runs waits ~20 ms, not ~100 (measured: 100 rows 19 ms, 500 rows 96 ms on
 * PGlite; 16 and 80 ms on PostgreSQL: the same rows per second either way). The worker runs as
 * background work, so the next batch waits while requests run (decision 27).
 */
export const FANOUT_BATCH = 100;
/** Subscriber ids one fan-out batch looks at, at most (a few milliseconds of scanning). */
export const FANOUT_SPAN = 2_000;

async function highestSubscriberId(runner: Database) {
  const [row] = await queryRows<{ id: number | null }>(runner, sql`select max(id) as id from subscribers`);
  return Number(row?.id ?? 0);
}

/**
 * Records the editor's "Do not email this article" (`skip`, when the form said) and, when the
 * article `becameLive`, queues its newsletter; inside the transaction that saves or publishes it.
 */
export async function noteArticleNewsletter(
  tx: Runner,
  articleId: number,
  options: { becameLive: boolean; skip?: boolean },
) {
  const skip = options.skip ?? null;
  const live = options.becameLive;
  await tx.execute(sql`
    insert into newsletter_issues as n (article_id, skip, state, queued_at)
    values (${articleId}, coalesce(${skip}::boolean, false),
            case when ${live} then case when coalesce(${skip}::boolean, false) then 'skipped' else 'queued' end
                 else 'waiting' end,
            case when ${live} then now() end)
    on conflict (article_id) do update set
      skip = case when n.state = 'waiting' then coalesce(${skip}::boolean, n.skip) else n.skip end,
      state = case when n.state = 'waiting' and ${live}
                   then case when coalesce(${skip}::boolean, n.skip) then 'skipped' else 'queued' end
                   else n.state end,
      queued_at = case when n.state = 'waiting' and ${live} then now() else n.queued_at end,
      done_at = case when n.state = 'waiting' and ${live} and coalesce(${skip}::boolean, n.skip) then now()
                     else n.done_at end`);
  if (live) await tx.execute(sql`select pg_notify(${NEWSLETTER_CHANNEL}, '')`);
}

type ArticleRow = NewsletterArticle & {
  id: number;
  status: string;
  categoryId: number | null;
  authorId: number | null;
};

/** The article as a newsletter needs it (author and category by name). */
export async function newsletterArticle(runner: Runner, articleId: number): Promise<ArticleRow | null> {
  const [row] = await queryRows<ArticleRow>(
    runner as Database,
    sql`select a.id, a.status, a.title, a.slug, a.excerpt, a.content, a.content_html as "contentHtml",
               a.image_url as "imageUrl", a.reading_minutes as "readingMinutes",
               a.category_id as "categoryId", a.author_id as "authorId",
               au.name as "authorName", c.name as "categoryName"
          from articles a
          left join authors au on au.id = a.author_id
          left join categories c on c.id = a.category_id
         where a.id = ${articleId}`,
  );
  return row ?? null;
}

const siteOf = () => ({ siteName: siteSettings().siteName, siteUrl: env().SITE_URL });

/** Subscribers of one frequency who follow an article's category or author (or everything). */
export function matchesArticle(categoryId: number | null, authorId: number | null) {
  return sql`(s.everything
    or exists (select 1 from subscriber_categories sc where sc.subscriber_id = s.id and sc.category_id = ${categoryId ?? 0})
    or exists (select 1 from subscriber_authors sa where sa.subscriber_id = s.id and sa.author_id = ${authorId ?? 0}))
    and not exists (select 1 from mail_suppressions ms where ms.email = lower(s.email))`;
}

export type Recipient = { id: number; email: string };

/**
 * Writes deliveries for `recipients` of `articleIds` (one mail each, the given Message-ID) and
 * returns those that were new: a recipient already mailed any of these articles gets nothing.
 */
export async function recordDeliveries(
  tx: Runner,
  articleIds: number[],
  recipients: Recipient[],
): Promise<Array<Recipient & { messageId: string }>> {
  if (recipients.length === 0 || articleIds.length === 0) return [];
  const planned = recipients.map((recipient) => ({ ...recipient, messageId: newMessageId() }));
  const pairs = planned.flatMap((r) => articleIds.map((articleId) => ({ articleId, r })));
  // One array parameter per column (as queueMail): cheap to build for a fan-out batch.
  const inserted = await queryRows<{ subscriber_id: number }>(
    tx as Database,
    sql`insert into newsletter_deliveries (article_id, subscriber_id, message_id)
        select * from unnest(${sql.param(pairs.map((pair) => pair.articleId))}::int[],
                             ${sql.param(pairs.map((pair) => pair.r.id))}::int[],
                             ${sql.param(pairs.map((pair) => pair.r.messageId))}::text[])
        on conflict do nothing
        returning subscriber_id`,
  );
  const fresh = new Set(inserted.map((row) => Number(row.subscriber_id)));
  return planned.filter((recipient) => fresh.has(recipient.id));
}

/**
 * One batch of one queued issue on `db` (the test seam); returns the number of outbox rows it
 * wrote, or null when no issue was queued.
 */
export async function fanOutOnce(db: Database, batch = FANOUT_BATCH, span = FANOUT_SPAN): Promise<number | null> {
  await prepareLinks();
  const written = await db.transaction(async (tx) => {
    const runner = tx as unknown as Database;
    const [issue] = await queryRows<{ article_id: number; cursor: number; body_id: number | string | null }>(
      runner,
      sql`select article_id, cursor, body_id from newsletter_issues where state = 'queued'
           order by queued_at, article_id limit 1 for update skip locked`,
    );
    if (!issue) return null;
    const article = await newsletterArticle(runner, issue.article_id);
    if (article?.status !== "published") {
      // Unpublished before its turn: nobody else is mailed.
      await runner.execute(
        sql`update newsletter_issues set state = 'done', done_at = now() where article_id = ${issue.article_id}`,
      );
      return 0;
    }
    const site = siteOf();
    // Rendered (CSS inlined: tens of milliseconds of one core) once per issue, by its first batch;
    // later batches name the stored body.
    let bodyId = issue.body_id === null ? null : Number(issue.body_id);
    if (bodyId === null) {
      bodyId = await storeSharedBody(runner, renderNewsletter(site, article));
      await runner.execute(
        sql`update newsletter_issues set body_id = ${bodyId} where article_id = ${issue.article_id}`,
      );
    }
    // Each batch looks at subscriber ids (cursor, cursor + span] only: with few matching
    // subscribers among many, one statement never walks the whole table (200 000 non-matching
    // subscribers held the embedded database for ~0.7 s at a time).
    const candidates = await queryRows<Recipient>(
      runner,
      sql`select s.id, s.email from subscribers s
           where s.status = 'confirmed' and s.frequency = 'each'
             and s.id > ${issue.cursor} and s.id <= ${Number(issue.cursor) + span}
             and ${matchesArticle(article.categoryId, article.authorId)}
           order by s.id limit ${batch}`,
    );
    const fresh = await recordDeliveries(runner, [article.id], candidates);
    if (fresh.length > 0) {
      const links = await linksFor(fresh.map((r) => r.id));
      const subject = newsletterSubject(article);
      await queueMail(
        runner,
        "newsletter",
        fresh.map((recipient) => {
          const own = links.get(recipient.id)!;
          return {
            messageId: recipient.messageId,
            to: recipient.email,
            subject,
            text: "",
            html: "",
            bodyId,
            vars: { manageUrl: own.manageUrl, unsubscribeUrl: own.unsubscribeUrl },
            headers: newsletterHeaders(site, own.unsubscribeUrl),
          };
        }),
      );
    }
    // A full batch ends at its last subscriber; a short one has seen its whole span.
    const full = candidates.length === batch;
    const last = full ? candidates.at(-1)!.id : Number(issue.cursor) + span;
    const finished = !full && last >= (await highestSubscriberId(runner));
    await runner.execute(sql`update newsletter_issues
        set cursor = ${last}, recipients = recipients + ${fresh.length},
            state = case when ${finished} then 'done' else state end,
            done_at = case when ${finished} then now() else done_at end
      where article_id = ${issue.article_id}`);
    return fresh.length;
  });
  if (written) await mailQueued();
  return written;
}

/** Fans out every queued issue (batch after batch) until none is left or `stopped()`. */
export async function fanOutQueued(options: { stopped?: () => boolean; batch?: number; span?: number } = {}) {
  const db = await getDb();
  let total = 0;
  while (!options.stopped?.()) {
    const written = await fanOutOnce(db, options.batch, options.span);
    if (written === null) break;
    total += written;
  }
  return total;
}
