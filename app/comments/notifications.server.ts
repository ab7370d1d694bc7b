/**
 * Mails about a comment that just became visible (posted approved, or approved by a moderator):
 * - the article's author (authors.user_id), when they want mails about new comments;
 * - on a reply, the author of the comment replied to, when they want reply mails.
 * Nobody is mailed about their own comment, nobody twice for one comment (the reply mail wins),
 * and nobody about a thread they muted. Called after the comment is committed; a failed mail is
 * logged and never fails the comment.
 */
import { alias } from "drizzle-orm/pg-core";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { articles, authors, comments, threadMutes, users } from "~/db/schema";
import { env } from "~/env.server";
import { newCommentMail, replyMail } from "~/mail/comment-mails.server";
import { getMailer, type MailMessage } from "~/mail/mailer.server";
import { getSiteSettings } from "~/settings/settings.server";
import { unsubscribeUrl } from "./unsubscribe.server";
import { logger } from "~/observability/logger.server";

type Recipient = { id: number; email: string; fullName: string; wants: boolean };

async function isMuted(userId: number, articleId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ userId: threadMutes.userId })
    .from(threadMutes)
    .where(and(eq(threadMutes.userId, userId), eq(threadMutes.articleId, articleId)))
    .limit(1);
  return Boolean(row);
}

async function recipient(userId: number | null, want: "comments" | "replies"): Promise<Recipient | null> {
  if (userId === null) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      notifyOnComment: users.notifyOnComment,
      notifyOnReply: users.notifyOnReply,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    wants: want === "comments" ? row.notifyOnComment : row.notifyOnReply,
  };
}

async function send(message: MailMessage) {
  try {
    await getMailer().send(message);
  } catch (error) {
    logger().error({ err: error, event: "mail", subject: message.subject }, `could not send "${message.subject}"`);
  }
}

/** Sends the mails a newly visible comment calls for; returns the addresses mailed (tests). */
export async function notifyAboutComment(commentId: number): Promise<string[]> {
  const db = await getDb();
  const parent = alias(comments, "parent");
  const commenter = alias(users, "commenter");
  const [row] = await db
    .select({
      id: comments.id,
      body: comments.body,
      userId: comments.userId,
      commenterName: commenter.fullName,
      articleId: articles.id,
      articleSlug: articles.slug,
      articleTitle: articles.title,
      articleAuthorUserId: authors.userId,
      parentUserId: parent.userId,
    })
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .leftJoin(authors, eq(authors.id, articles.authorId))
    .leftJoin(commenter, eq(commenter.id, comments.userId))
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .where(and(eq(comments.id, commentId), eq(comments.status, "approved")))
    .limit(1);
  if (!row || row.userId === null) return [];

  const { siteName } = await getSiteSettings();
  const site = { siteName, siteUrl: env().SITE_URL };
  const url = `${site.siteUrl}/post/${row.articleSlug}?comments=all#comment-${row.id}`;
  const common = {
    commenterName: row.commenterName ?? "A reader",
    articleTitle: row.articleTitle,
    url,
    excerpt: row.body,
  };
  const mailed = new Set<number>([row.userId]);
  const messages: MailMessage[] = [];

  const replied = await recipient(row.parentUserId ?? null, "replies");
  if (replied?.wants && !mailed.has(replied.id) && !(await isMuted(replied.id, row.articleId))) {
    mailed.add(replied.id);
    messages.push(
      replyMail(site, {
        ...common,
        to: replied.email,
        name: replied.fullName,
        unsubscribeUrl: await unsubscribeUrl(replied.id, "replies"),
      }),
    );
  }
  const author = await recipient(row.articleAuthorUserId ?? null, "comments");
  if (author?.wants && !mailed.has(author.id) && !(await isMuted(author.id, row.articleId))) {
    mailed.add(author.id);
    messages.push(
      newCommentMail(site, {
        ...common,
        to: author.email,
        name: author.fullName,
        unsubscribeUrl: await unsubscribeUrl(author.id, "comments"),
      }),
    );
  }
  for (const message of messages) await send(message);
  return messages.map((message) => message.to);
}
