/**
 * The review queue's two forms (one schema each, for the browser and the server): approve
 * (publish now, or schedule with a date and time) and return with a note.
 */
import { z } from "zod";
import { MAX_ID } from "./ids";

export const REVIEW_MESSAGES = {
  noteRequired: "Write a note telling the writer what to change.",
  noteTooLong: "Keep the note under 2000 characters.",
  scheduleRequired: "Choose when to publish it.",
} as const;

const articleId = z.coerce.number().int().positive().max(MAX_ID);

export const ApproveSchema = z
  .object({
    articleId,
    intent: z.enum(["publish", "schedule"]),
    scheduledAt: z.string().trim().max(40).optional(),
    timeZone: z.string().trim().max(80).optional(),
  })
  .superRefine((value, context) => {
    if (value.intent === "schedule" && !value.scheduledAt) {
      context.addIssue({ code: "custom", path: ["scheduledAt"], message: REVIEW_MESSAGES.scheduleRequired });
    }
  });

export const ReturnSchema = z.object({
  articleId,
  intent: z.literal("return"),
  note: z
    .string({ message: REVIEW_MESSAGES.noteRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.noteRequired)
    .max(2000, REVIEW_MESSAGES.noteTooLong),
});
