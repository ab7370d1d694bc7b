/**
 * Newsletter forms (issue 24), one Zod schema each for the browser (Conform) and the server:
 * subscribing (footer, end of an article, category and author pages, /subscribe), managing a
 * subscription (the mailed link's page and /account), and the admin's CSV import. The texts
 * every answer uses are here too, so the page, the in-place answer and the tests agree.
 */
import { z } from "zod";
import { EmailSchema } from "./account-schemas";

export const FREQUENCIES = ["each", "weekly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  each: "Each article",
  weekly: "A weekly digest",
};

export const NEWSLETTER_TEXT = {
  chooseTopic: "Choose at least one topic.",
  // The same answer whether or not the address is known (no enumeration).
  checkInbox: {
    title: "Check your inbox",
    description: "If this address can receive our newsletter, a link to confirm it is on its way.",
  },
  subscribed: { title: "You are subscribed", description: "New articles on your topics will come by email." },
  confirmed: { title: "Subscription confirmed", description: "New articles on your topics will come by email." },
  updated: { title: "Subscription updated" },
  unsubscribed: { title: "You are unsubscribed", description: "We will not email you newsletters any more." },
  refused: { title: "Subscription not saved" },
  linkInvalid: "This link is not valid. Copy the whole address from the mail.",
  linkExpired: "This link has expired. Subscribe again to get a new one.",
  linkUsed: "This link was already used: your subscription is confirmed.",
  notSubscribed: "This subscription has ended. Subscribe again to get newsletters.",
} as const;

/** Slugs as the topic checkboxes post them (category and author slugs share one shape). */
const SlugList = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        .max(100),
    )
    .max(200),
);

const Checkbox = z.preprocess((value) => value === "on" || value === "1" || value === "true", z.boolean());

/** Where a subscribe form sends the reader back to without JavaScript: a path on this site. */
const ReturnTo = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .optional()
  .catch(undefined);

const topics = {
  everything: Checkbox,
  category: SlugList,
  author: SlugList,
};

const hasTopic = (value: { everything: boolean; category: string[]; author: string[] }) =>
  value.everything || value.category.length > 0 || value.author.length > 0;

/**
 * A subscribe form. `email` is optional for a signed-in reader (their verified address is used);
 * the server asks for it otherwise.
 */
export const SubscribeSchema = z
  .object({
    email: EmailSchema.optional(),
    ...topics,
    returnTo: ReturnTo,
  })
  .refine(hasTopic, { message: NEWSLETTER_TEXT.chooseTopic, path: ["everything"] });
export type SubscribeInput = z.infer<typeof SubscribeSchema>;

/** The manage page (the mailed link) and /account: topics and how often. */
export const ManageSchema = z
  .object({
    ...topics,
    frequency: z.enum(FREQUENCIES, { message: "Choose how often." }),
  })
  .refine(hasTopic, { message: NEWSLETTER_TEXT.chooseTopic, path: ["everything"] });
export type ManageInput = z.infer<typeof ManageSchema>;

/** The topics a subscription follows, as a form shows them. */
export type TopicChoice = { everything: boolean; categories: string[]; authors: string[] };

/** A topic a form offers: a category or an author, by slug. */
export type TopicOption = { slug: string; name: string };
