/**
 * Comment notification mails. Each carries a one-click unsubscribe link (RFC 8058): in the text,
 * and as `List-Unsubscribe` / `List-Unsubscribe-Post` headers so mail clients offer their own
 * button.
 */
import type { MailMessage } from "./mailer.server";
import { type MailSite, renderMail } from "./templates.server";

type CommentMailInput = {
  to: string;
  name: string;
  commenterName: string;
  articleTitle: string;
  /** The comment on the article page. */
  url: string;
  /** The comment's text (markdown source), shortened. */
  excerpt: string;
  unsubscribeUrl: string;
};

function excerptOf(body: string) {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}

function withUnsubscribe(message: MailMessage, unsubscribeUrl: string): MailMessage {
  return {
    ...message,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export function newCommentMail(site: MailSite, input: CommentMailInput): MailMessage {
  return withUnsubscribe(
    renderMail(site, input.to, `New comment on "${input.articleTitle}"`, `Hello ${input.name},`, {
      paragraphs: [
        `${input.commenterName} commented on your article "${input.articleTitle}":`,
        excerptOf(input.excerpt),
      ],
      action: { label: "Read the comment", url: input.url },
      after: [`Stop these mails (new comments on your articles): ${input.unsubscribeUrl}`],
    }),
    input.unsubscribeUrl,
  );
}

export function replyMail(site: MailSite, input: CommentMailInput): MailMessage {
  return withUnsubscribe(
    renderMail(site, input.to, `New reply to your comment on "${input.articleTitle}"`, `Hello ${input.name},`, {
      paragraphs: [
        `${input.commenterName} replied to your comment on "${input.articleTitle}":`,
        excerptOf(input.excerpt),
      ],
      action: { label: "Read the reply", url: input.url },
      after: [
        `Stop these mails (replies to your comments): ${input.unsubscribeUrl}`,
        "You can also mute this article's discussion from its page.",
      ],
    }),
    input.unsubscribeUrl,
  );
}
