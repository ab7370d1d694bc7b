/**
 * What the article editor's intents share: who is asking, about which article, with which rights,
 * and the answers they have in common (the unknown article, the typed values kept on a refusal).
 */
import type { RouterContextProvider } from "react-router";
import type { EditorCapabilities } from "~/articles/article-access.server";
import type { SessionUser } from "~/auth/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { ARTICLE_TOASTS } from "~/lib/article-schema";
import { dashboardHref } from "~/lib/urls";

export type EditorRequest = {
  request: Request;
  context: Readonly<Pick<RouterContextProvider, "get">>;
  user: SessionUser;
  /** The article being edited; null for a new one. */
  id: number | null;
  capabilities: EditorCapabilities;
};

/** An unknown (or not editable) article: back to the dashboard with the spec's toast. */
export const editorNotFound = () =>
  redirectWithToast(dashboardHref(), {
    type: "error",
    title: ARTICLE_TOASTS.fetchFailed,
    description: ARTICLE_TOASTS.notFound,
  });

/** What was typed, as Conform's initial values (so a re-rendered form keeps it). */
export function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}
