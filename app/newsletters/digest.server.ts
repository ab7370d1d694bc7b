/**
 * The weekly digest: subscribers who chose "a weekly digest" get, once a week at the day and
 * time the site settings give (in the site's time zone), one mail listing the week's articles on
 * their topics that they were not mailed yet. Articles marked "Do not email this article" are
 * left out. `digest_sent_at` moves to the digest's moment in the transaction that queues the mail,
 * so a digest is sent once whatever instance runs it (rows claimed with FOR UPDATE SKIP LOCKED).
 */
import { sql } from "drizzle-orm";
import { type Database, getDb, queryRows } from "~/db/db.server";
import { env } from "~/env.server";
import { mailQueued, type QueuedMail, queueMail } from "~/mail/outbox.server";
import { escapeHtml, type MailSite } from "~/mail/templates.server";
import { postHref } from "~/lib/urls";
import { formatLocalDateTime, parseLocalDateTime } from "~/lib/zoned-time";
import { type SiteSettings, siteSettings } from "~/settings/settings.server";
import { recordDeliveries } from "./fan-out.server";
import { linksFor, prepareLinks } from "./links.server";
import { htmlFooter, inlineCss, newsletterHeaders, textFooter } from "./newsletter-mail.server";
import { fillVars } from "~/mail/shared-bodies.server";

/** Subscribers one digest transaction handles. */
export const DIGEST_BATCH = 200;
/** At most this many articles in one digest (the newest). */
export const DIGEST_MAX_ARTICLES = 30;

/** The latest digest moment at or before `now`: the settings' weekday and time in the site's zone. */
export function lastDigestMoment(
  now: Date,
  settings: Pick<SiteSettings, "digestDay" | "digestTime" | "timeZone">,
): Date {
  const local = formatLocalDateTime(now.toISOString(), settings.timeZone) || now.toISOString().slice(0, 16);
  const [year, month, day] = local.slice(0, 10).split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const back = (weekday - settings.digestDay + 7) % 7;
  for (const extra of [0, 7]) {
    const date = new Date(Date.UTC(year, month - 1, day - back - extra)).toISOString().slice(0, 10);
    const moment = parseLocalDateTime(`${date}T${settings.digestTime}`, settings.timeZone);
    if (moment && moment.getTime() <= now.getTime()) return moment;
  }
  return new Date(now.getTime() - 7 * 86_400_000);
}

type DigestLine = {
  subscriber_id: number;
  email: string;
  article_id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  author_name: string | null;
};

export function renderDigest(site: MailSite, articles: DigestLine[]) {
  const subject = `${site.siteName}: your weekly digest (${articles.length} ${articles.length === 1 ? "article" : "articles"})`;
  const url = (slug: string) => `${site.siteUrl}${postHref(slug)}`;
  const items = articles
    .map(
      (a) => `<div class="item"><h2><a href="${escapeHtml(url(a.slug))}">${escapeHtml(a.title)}</a></h2>
${a.author_name ? `<p class="byline">By ${escapeHtml(a.author_name)}</p>` : ""}
${a.excerpt ? `<p>${escapeHtml(a.excerpt)}</p>` : ""}
<p><a href="${escapeHtml(url(a.slug))}">Read the article</a></p></div>`,
    )
    .join("\n");
  const html = inlineCss(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body><div class="wrapper">
<p class="site">${escapeHtml(site.siteName)}</p>
<p class="view"><a href="${escapeHtml(site.siteUrl)}">View in browser</a></p>
<h1>This week's articles</h1>
<div class="content">
${items}
</div>
${htmlFooter(site, "You receive this weekly digest because you subscribed")}
</div></body></html>
`);
  const text = [
    "This week's articles",
    "",
    ...articles.flatMap((a) => [a.title, ...(a.excerpt ? [a.excerpt] : []), url(a.slug), ""]),
    ...textFooter(site),
  ].join("\n");
  return { subject, text, html };
}

/** One batch of digests due at `due` on `db`; returns how many subscribers it handled (0: none left). */
export async function digestOnce(db: Database, due: Date): Promise<{ handled: number; mailed: number }> {
  await prepareLinks();
  const site = { siteName: siteSettings().siteName, siteUrl: env().SITE_URL };
  const result = await db.transaction(async (tx) => {
    const runner = tx as unknown as Database;
    const batch = await queryRows<{ id: number }>(
      runner,
      sql`select id from subscribers
           where status = 'confirmed' and frequency = 'weekly'
             and (digest_sent_at is null or digest_sent_at < ${due.toISOString()}::timestamptz)
           order by id limit ${DIGEST_BATCH} for update skip locked`,
    );
    if (batch.length === 0) return { handled: 0, mailed: 0 };
    const ids = batch.map((row) => row.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const lines = await queryRows<DigestLine>(
      runner,
      sql`select s.id as subscriber_id, s.email, a.id as article_id, a.title, a.slug, a.excerpt, au.name as author_name
            from subscribers s
            join articles a on a.status = 'published'
                 and a.published_at > coalesce(s.digest_sent_at, s.confirmed_at, s.created_at)
                 and a.published_at <= ${due.toISOString()}::timestamptz
            join newsletter_issues ni on ni.article_id = a.id and ni.state in ('queued', 'done')
            left join authors au on au.id = a.author_id
           where s.id in (${idList})
             and (s.everything
                  or exists (select 1 from subscriber_categories sc where sc.subscriber_id = s.id and sc.category_id = a.category_id)
                  or exists (select 1 from subscriber_authors sa where sa.subscriber_id = s.id and sa.author_id = a.author_id))
             and not exists (select 1 from mail_suppressions ms where ms.email = lower(s.email))
             and not exists (select 1 from newsletter_deliveries d where d.article_id = a.id and d.subscriber_id = s.id)
           order by s.id, a.published_at desc, a.id desc`,
    );
    const bySubscriber = new Map<number, DigestLine[]>();
    for (const line of lines) {
      const list = bySubscriber.get(line.subscriber_id) ?? [];
      if (list.length < DIGEST_MAX_ARTICLES) list.push(line);
      bySubscriber.set(line.subscriber_id, list);
    }
    const links = await linksFor([...bySubscriber.keys()]);
    const digests: QueuedMail[] = [];
    for (const [subscriberId, articles] of bySubscriber) {
      const [fresh] = await recordDeliveries(
        runner,
        articles.map((a) => a.article_id),
        [{ id: subscriberId, email: articles[0]!.email }],
      );
      if (!fresh) continue;
      const own = links.get(subscriberId)!;
      const vars = { manageUrl: own.manageUrl, unsubscribeUrl: own.unsubscribeUrl };
      const mail = renderDigest(site, articles);
      digests.push({
        messageId: fresh.messageId,
        to: fresh.email,
        subject: mail.subject,
        text: fillVars(mail.text, vars, false),
        html: fillVars(mail.html, vars, true),
        headers: newsletterHeaders(site, own.unsubscribeUrl),
      });
    }
    await runner.execute(
      sql`update subscribers set digest_sent_at = ${due.toISOString()}::timestamptz where id in (${idList})`,
    );
    await queueMail(runner, "digest", digests);
    return { handled: ids.length, mailed: digests.length };
  });
  if (result.mailed > 0) await mailQueued();
  return result;
}

/** Sends every digest due by `now` (the latest digest moment of the settings); returns mails queued. */
export async function sendDueDigests(now = new Date(), options: { stopped?: () => boolean } = {}) {
  const db = await getDb();
  const due = lastDigestMoment(now, siteSettings());
  let mailed = 0;
  while (!options.stopped?.()) {
    const result = await digestOnce(db, due);
    mailed += result.mailed;
    if (result.handled === 0) break;
  }
  return mailed;
}
