/**
 * The review queue: a contributor submits a draft; editors approve it (publish now or schedule)
 * or return it with a note; the contributor is mailed either way. A submitted draft is a draft
 * with `submitted_at` set (articles_review_queue_idx); approval publishes through the same save
 * as the editor (revisions, cache, slug rules), which clears the submission.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { recordAudit } from "~/audit/audit.server";
import type { SessionUser } from "~/auth/session.server";
import { getDb, type Runner } from "~/db/db.server";
import { articles, authors, users } from "~/db/schema";
import { env } from "~/env.server";
import type { MailMessage } from "~/mail/mailer.server";
import { type QueueMail, withMail } from "~/mail/outbox.server";
import { type MailSite, submissionApprovedMail, submissionReturnedMail } from "~/mail/templates.server";
import { siteSettings } from "~/settings/settings.server";
import { describeInZone } from "~/lib/zoned-time";
import { getEditableArticle } from "./admin-articles.server";
import { type SaveResult, updateArticle } from "./save-article.server";

export const REVIEW_NOTE_MAX = 2000;

export type ReviewQueueRow = {
  id: number;
  title: string;
  authorName: string | null;
  /** ISO 8601. */
  submittedAt: string;
};

/** Submitted drafts, oldest first (the queue is worked in order). */
export async function listReviewQueue(): Promise<ReviewQueueRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: articles.id, title: articles.title, authorName: authors.name, submittedAt: articles.submittedAt })
    .from(articles)
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .where(and(isNotNull(articles.submittedAt), eq(articles.status, "draft")))
    .orderBy(asc(articles.submittedAt), asc(articles.id))
    .limit(200);
  return rows.map((row) => ({ ...row, submittedAt: (row.submittedAt as Date).toISOString() }));
}

/** Puts draft `id` in the queue (after the editor saved it); false when it is not a draft. */
export async function submitForReview(id: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(articles)
    .set({ submittedAt: sql`now()`, reviewNote: null })
    .where(and(eq(articles.id, id), eq(articles.status, "draft")))
    .returning({ id: articles.id });
  return rows.length > 0;
}

type Contributor = { email: string; fullName: string; title: string; slug: string };

async function contributorOf(id: number, runner?: Runner): Promise<Contributor | null> {
  const db = runner ?? (await getDb());
  const [row] = await db
    .select({ email: users.email, fullName: users.fullName, title: articles.title, slug: articles.slug })
    .from(articles)
    .innerJoin(authors, eq(authors.id, articles.authorId))
    .innerJoin(users, eq(users.id, authors.userId))
    .where(eq(articles.id, id))
    .limit(1);
  return row ?? null;
}

const siteOf = () => ({ siteName: siteSettings().siteName, siteUrl: env().SITE_URL });

/** The writer of article `id` as a review mail addresses them: who, and which article. */
type Recipient = { to: string; name: string; title: string };

/**
 * Queues a review mail to the writer of article `id` (none when no account writes it), in the
 * review's transaction; `mail` builds it for the site, the writer and the article's address.
 */
async function mailContributor(
  tx: Runner,
  queue: QueueMail,
  id: number,
  mail: (site: MailSite, recipient: Recipient, contributor: Contributor) => MailMessage,
) {
  const contributor = await contributorOf(id, tx);
  if (!contributor) return;
  const recipient = { to: contributor.email, name: contributor.fullName, title: contributor.title };
  await queue("review", mail(siteOf(), recipient, contributor));
}

/**
 * Approves submitted draft `id`: publishes it now, or schedules it for `scheduledAt`. Goes
 * through updateArticle (the editor's save), so every rule of a save applies.
 */
export async function approveSubmission(options: {
  id: number;
  editor: Pick<SessionUser, "id" | "fullName">;
  scheduledAt: Date | null;
}): Promise<SaveResult | { status: "not-submitted" }> {
  const db = await getDb();
  const [row] = await db
    .select({ submittedAt: articles.submittedAt, status: articles.status })
    .from(articles)
    .where(eq(articles.id, options.id))
    .limit(1);
  if (!row) return { status: "not-found" };
  if (!row.submittedAt || row.status !== "draft") return { status: "not-submitted" };
  // The writer's editor may autosave while the editor approves (its timer outlives the submit):
  // that moves the version between the read and the save. Approving publishes the current text,
  // so a conflict reads it again once rather than refusing.
  let result: SaveResult = { status: "not-found" };
  let input: Omit<NonNullable<Awaited<ReturnType<typeof getEditableArticle>>>, "id" | "publishedAt" | "version">;
  let id = options.id;
  for (let attempt = 0; attempt < 2; attempt++) {
    const article = await getEditableArticle(options.id);
    if (!article) return { status: "not-found" };
    const { id: articleId, publishedAt: _publishedAt, version, ...fields } = article;
    id = articleId;
    input = fields;
    result = await updateArticle({
      id,
      userId: options.editor.id,
      version,
      input,
      intent: options.scheduledAt ? "schedule" : "publish",
      scheduledAt: options.scheduledAt,
    });
    if (result.status !== "conflict") break;
  }
  if (result.status !== "saved") return result;
  const scheduled = result.outcome === "scheduled" && options.scheduledAt;
  // The audit entry and the writer's mail commit together.
  await withMail(async (tx, queue) => {
    await recordAudit(
      options.editor,
      {
        kind: "article",
        action: scheduled ? "approved-scheduled" : "approved-published",
        targetId: id,
        summary: scheduled
          ? `Approved “${input.title}” and scheduled it for ${options.scheduledAt!.toISOString()}`
          : `Approved and published “${input.title}”`,
      },
      tx,
    );
    await mailContributor(tx, queue, id, (site, recipient, contributor) =>
      submissionApprovedMail(site, {
        ...recipient,
        url: scheduled ? `${site.siteUrl}/admin/articles/edit/${id}` : `${site.siteUrl}/post/${contributor.slug}`,
        scheduledFor: scheduled ? describeInZone(options.scheduledAt!.toISOString(), siteSettings().timeZone) : null,
      }),
    );
  });
  return result;
}

/** Returns submitted draft `id` to its writer with `note`; false when it was not in the queue. */
export async function returnSubmission(options: {
  id: number;
  editor: Pick<SessionUser, "id" | "fullName">;
  note: string;
}): Promise<boolean> {
  const returned = await withMail(async (tx, queue) => {
    const rows = await tx
      .update(articles)
      .set({ submittedAt: null, reviewNote: options.note })
      .where(and(eq(articles.id, options.id), isNotNull(articles.submittedAt), eq(articles.status, "draft")))
      .returning({ id: articles.id, title: articles.title });
    const row = rows[0];
    if (!row) return null;
    await recordAudit(
      options.editor,
      {
        kind: "article",
        action: "returned",
        targetId: row.id,
        summary: `Returned “${row.title}” to its writer`,
        details: { note: options.note },
      },
      tx,
    );
    await mailContributor(tx, queue, options.id, (site, recipient) =>
      submissionReturnedMail(site, {
        ...recipient,
        note: options.note,
        url: `${site.siteUrl}/admin/articles/edit/${options.id}`,
      }),
    );
    return row;
  });
  if (!returned) return false;
  return true;
}
