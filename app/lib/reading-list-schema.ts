/**
 * The reading list's Save / Remove form (cards, the article page, the list, the sign-in-then-save
 * page): what the browser posts to /reading-list and the server parses.
 */
import { z } from "zod";
import { MAX_ID } from "./ids";

export const READING_LIST_INTENTS = ["save", "remove"] as const;

export const ReadingListActionSchema = z.object({
  intent: z.enum(READING_LIST_INTENTS),
  articleId: z.coerce.number().int().positive().max(MAX_ID),
  // Where to go back to without JavaScript (only same-site paths survive: safeRedirectPath).
  returnTo: z.string().max(2000).optional().catch(undefined),
  // Present when JavaScript submitted it in place (useFetcher): the answer is data, not a redirect.
  via: z.literal("fetch").optional().catch(undefined),
});
export type ReadingListAction = z.infer<typeof ReadingListActionSchema>;

/** The toasts of a save and a removal (with and without JavaScript). */
export const READING_LIST_TOASTS = {
  saved: { title: "Saved to your reading list" },
  removed: { title: "Removed from your reading list" },
  notFound: { title: "Article not found", description: "That article is no longer available." },
} as const;

/** The list's title search and category filter, as read from the URL. */
export function parseReadingListParams(params: URLSearchParams) {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const category = (params.get("category") ?? "").trim();
  return { q, category: /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(category) ? category : "" };
}
