/**
 * Comments: the one schema the browser (Conform) and the server validate a comment with, and the
 * messages the server's own refusals use (the same words with and without JavaScript).
 */
import { z } from "zod";

/** The longest comment, in characters (the database checks it too). */
export const COMMENT_MAX_LENGTH = 10_000;

export const COMMENT_MESSAGES = {
  bodyRequired: "Write something before posting.",
  bodyTooLong: `A comment can be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  duplicate: "You just posted this same comment.",
  blocked: "You can no longer comment on this site.",
  rateLimited: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `You are commenting too fast. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  },
  parentGone: "The comment you replied to is no longer there.",
} as const;

const optionalId = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce.number().int().positive().optional(),
);

/**
 * A new comment, a reply (parentId) or an edit (commentId). One schema: the forms differ only by
 * their hidden fields.
 */
export const CommentSchema = z.object({
  body: z
    .string({ message: COMMENT_MESSAGES.bodyRequired })
    .trim()
    .min(1, COMMENT_MESSAGES.bodyRequired)
    .max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.bodyTooLong),
  parentId: optionalId,
  commentId: optionalId,
});
export type CommentInput = z.infer<typeof CommentSchema>;

export const COMMENT_TEXT_FIELDS = ["body"] as const;

/** The moderation queues of /admin/comments (`?status=`). */
export const MODERATION_FILTERS = ["pending", "reported", "approved", "hidden"] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];

export const MODERATION_FILTER_LABELS: Record<ModerationFilter, string> = {
  pending: "Pending",
  reported: "Reported",
  approved: "Approved",
  hidden: "Hidden",
};

export function parseModerationFilter(value: string | null): ModerationFilter {
  return (MODERATION_FILTERS as readonly string[]).includes(value ?? "") ? (value as ModerationFilter) : "pending";
}
