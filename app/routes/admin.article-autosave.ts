/**
 * POST /admin/articles/{id}/autosave (the editor's fields and `version`) → { version }: the text
 * becomes the article's pending revision (never published). Administrators only: 401 signed
 * out, 403 without the flag (a fetch gets a status, not a redirect to a page). 409 when the
 * article changed since `version` (nothing is overwritten), 404 when it was deleted.
 */
import { autosaveArticle, autosaveFields } from "~/articles/pending-changes.server";
import { articleOwnership } from "~/articles/article-access.server";
import { staffOrStatus } from "~/http/actions/admin-session.server";
import { canEditArticle } from "~/auth/permissions";
import { readForm } from "~/http/form.server";
import { VERSION_PATTERN } from "~/lib/article-schema";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.article-autosave";

const PERSONAL = { "Cache-Control": "private, no-store" };

export const AUTOSAVE_ERRORS = {
  signedOut: "you are signed out. Sign in again in another tab, then keep typing.",
  forbidden: "you do not have administrative privileges.",
  conflict:
    "someone else saved this article since you opened it, so your text was not saved over theirs. Copy your text, then open the latest version.",
  deleted: "this article has been deleted.",
  version: "this form is out of date: reload the article.",
} as const;

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...PERSONAL } });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const who = await staffOrStatus(request);
  if ("status" in who) {
    const error = who.status === 401 ? AUTOSAVE_ERRORS.signedOut : AUTOSAVE_ERRORS.forbidden;
    return Response.json({ error }, { status: who.status, headers: PERSONAL });
  }
  const id = parseId(params.id);
  if (id === null) return Response.json({ error: AUTOSAVE_ERRORS.deleted }, { status: 404, headers: PERSONAL });
  const owned = await articleOwnership(id);
  if (owned && !canEditArticle(who.user, owned)) {
    return Response.json({ error: AUTOSAVE_ERRORS.forbidden }, { status: 403, headers: PERSONAL });
  }
  const form = await readForm(request);
  const version = form.get("version");
  if (typeof version !== "string" || !VERSION_PATTERN.test(version)) {
    return Response.json({ error: AUTOSAVE_ERRORS.version }, { status: 409, headers: PERSONAL });
  }
  const result = await autosaveArticle({ id, userId: who.user.id, version, fields: autosaveFields(form) });
  switch (result.status) {
    case "saved":
      return Response.json({ version: result.version }, { headers: PERSONAL });
    case "conflict":
      return Response.json({ error: AUTOSAVE_ERRORS.conflict }, { status: 409, headers: PERSONAL });
    case "not-found":
      return Response.json({ error: AUTOSAVE_ERRORS.deleted }, { status: 404, headers: PERSONAL });
    case "invalid":
      return Response.json({ error: result.message }, { status: 400, headers: PERSONAL });
  }
}
