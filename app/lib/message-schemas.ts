/**
 * The Contact and Write for Us forms: one schema each for the browser (Conform) and the server.
 * Both carry a honeypot field (`website`): people never see it; a bot that fills it is refused.
 */
import { z } from "zod";
import { EmailSchema, FullNameSchema } from "./account-schemas";

export const HONEYPOT_FIELD = "website";

const required = (message: string, max: number, tooLong: string) =>
  z.string({ message }).trim().min(1, message).max(max, tooLong);

const Honeypot = z.string().max(500).optional();

export const ContactSchema = z.object({
  name: FullNameSchema,
  email: EmailSchema,
  subject: required("Subject is required.", 200, "Subject must be at most 200 characters."),
  body: required("Message is required.", 5000, "Message must be at most 5000 characters."),
  [HONEYPOT_FIELD]: Honeypot,
});
export type ContactInput = z.infer<typeof ContactSchema>;
export const CONTACT_TEXT_FIELDS = ["name", "email", "subject", "body"] as const;

/** Links to earlier writing: one per line, each an http(s) address; at most 10. */
const LinksSchema = z
  .string()
  .max(3000, "Links must be at most 3000 characters.")
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .refine((links) => links.length <= 10, "At most 10 links, please.")
  .refine(
    (links) => links.every((link) => /^https?:\/\/[^\s]+\.[^\s]+$/i.test(link)),
    "Each line must be one web address starting with http:// or https://.",
  );

export const PitchSchema = z.object({
  name: FullNameSchema,
  email: EmailSchema,
  proposedTitle: required("Proposed title is required.", 200, "Proposed title must be at most 200 characters."),
  summary: required("Summary is required.", 5000, "Summary must be at most 5000 characters."),
  links: LinksSchema,
  [HONEYPOT_FIELD]: Honeypot,
});
export type PitchInput = z.infer<typeof PitchSchema>;
export const PITCH_TEXT_FIELDS = ["name", "email", "proposedTitle", "summary"] as const;

/** The details a pitch stores beside its message (messages.details). */
export type PitchDetails = { proposedTitle: string; summary: string; links: string[] };

export const MESSAGE_ALERTS = {
  sent: { title: "Message sent", description: "Thank you! We read every message and will reply by email." },
  pitchSent: { title: "Pitch sent", description: "Thank you! Our editors will reply by email." },
  refused: { title: "Message not sent", description: "Your message could not be sent. Please try again." },
} as const;

/** The inbox's filters: everything not archived (the default), or one status. */
export const INBOX_FILTERS = ["inbox", "unread", "read", "archived"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export function parseInboxFilter(value: string | null): InboxFilter {
  return (INBOX_FILTERS as readonly string[]).includes(value ?? "") ? (value as InboxFilter) : "inbox";
}
