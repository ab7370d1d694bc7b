/**
 * intent=newsletter-test ("Send me a test"): the newsletter of the form's current title and
 * content, mailed to the editor; the form comes back with what was typed and a note.
 */
import { data } from "react-router";
import { accountKey, hit, limitFor, POLICIES, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { renderPreview } from "~/articles/save-article.server";
import type { EditorActionData } from "~/components/admin/article-editor";
import { ARTICLE_LIMITS } from "~/lib/article-schema";
import { sendNewsletterTest } from "~/newsletters/newsletter-test.server";
import { type EditorRequest, typedValues } from "./shared.server";

const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};

export async function newsletterTestIntent(formData: FormData, editor: EditorRequest) {
  const result = { initialValue: typedValues(formData) };
  const limited = await hit([limitFor(POLICIES.mailPerAddress, "newsletter-test", accountKey(editor.user.email))]);
  if (!limited.ok) {
    return data<EditorActionData>(
      {
        result,
        alert: { title: "Test not sent", description: tooManyAttemptsMessage(limited.retryAfterSeconds) },
        preview: null,
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const content = text(formData, "content", ARTICLE_LIMITS.content);
  const rendered = await renderPreview(content);
  await sendNewsletterTest(editor.user.email, {
    title: text(formData, "title", 200).trim() || "(untitled)",
    slug: text(formData, "slug", 200).trim() || "untitled",
    excerpt: text(formData, "excerpt", ARTICLE_LIMITS.excerpt) || null,
    content,
    contentHtml: rendered.html,
    imageUrl: text(formData, "imageUrl", ARTICLE_LIMITS.imageUrl) || null,
    authorName: editor.user.fullName,
    categoryName: null,
    readingMinutes: Math.max(1, rendered.readingMinutes),
  });
  return data<EditorActionData>({
    result,
    alert: {
      title: "Test sent",
      description: `The newsletter of this article is on its way to ${editor.user.email}.`,
      tone: "info",
    },
    preview: null,
  });
}
