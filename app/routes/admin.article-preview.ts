/**
 * POST /admin/articles/preview (content=<markdown>) → { html }: the markdown rendered by the
 * same pipeline that renders articles at save, so the editor's Preview tab shows exactly what the
 * article page will. Administrators only: 401 signed out, 403 without the flag (a fetch gets a
 * status, not a redirect to a page).
 */
import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from "~/lib/article-schema";
import { renderPreview } from "~/articles/save-article.server";
import type { Route } from "./+types/admin.article-preview";
import { staffOrStatus } from "~/http/actions/admin-session.server";
import { readForm } from "~/http/form.server";

const PERSONAL = { "Cache-Control": "private, no-store" };

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...PERSONAL } });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const who = await staffOrStatus(request);
  if ("status" in who) {
    const error = who.status === 401 ? "Sign in as an administrator." : "You do not have administrative privileges.";
    return Response.json({ error }, { status: who.status, headers: PERSONAL });
  }
  const content = (await readForm(request)).get("content");
  if (typeof content !== "string")
    return Response.json({ error: ARTICLE_MESSAGES.contentRequired }, { status: 400, headers: PERSONAL });
  if (content.length > ARTICLE_LIMITS.content) {
    return Response.json({ error: ARTICLE_MESSAGES.contentTooLong }, { status: 413, headers: PERSONAL });
  }
  const rendered = await renderPreview(content);
  return Response.json({ html: rendered.html, readingMinutes: rendered.readingMinutes }, { headers: PERSONAL });
}
