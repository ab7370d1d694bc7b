/** intent=discard (drop pending changes) and intent=unpublish: no fields, only the form's version. */
import { discardPendingChanges, unpublishArticle } from "~/articles/pending-changes.server";
import { redirectWithToast } from "~/http/toast.server";
import { ARTICLE_TOASTS, VERSION_PATTERN } from "~/lib/article-schema";
import { articleEditHref } from "~/lib/urls";
import { editorNotFound } from "./shared.server";

export async function editorialIntent(options: {
  intent: "discard" | "unpublish";
  id: number;
  userId: number;
  version: FormDataEntryValue | null;
}) {
  const editor = articleEditHref(options.id);
  const version = typeof options.version === "string" && VERSION_PATTERN.test(options.version) ? options.version : null;
  const result =
    version === null
      ? ({ status: "conflict" } as const)
      : options.intent === "discard"
        ? await discardPendingChanges({ id: options.id, version, userId: options.userId })
        : await unpublishArticle({ id: options.id, userId: options.userId, version });
  switch (result.status) {
    case "saved":
      return redirectWithToast(
        editor,
        options.intent === "discard"
          ? { type: "success", title: ARTICLE_TOASTS.discarded }
          : { type: "success", title: ARTICLE_TOASTS.unpublished, description: ARTICLE_TOASTS.unpublishedDescription },
        { status: 303 },
      );
    case "not-found":
      return editorNotFound();
    default:
      return redirectWithToast(
        editor,
        { type: "error", title: ARTICLE_TOASTS.updateFailed, description: ARTICLE_TOASTS.conflict },
        { status: 303 },
      );
  }
}
