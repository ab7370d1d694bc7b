/**
 * Site settings: what administrators edit at /admin/settings (stored in site_settings, see
 * app/settings/settings.server.ts). One Zod schema for the form on both sides.
 */
import { z } from "zod";
import { isTimeZone } from "./zoned-time";

/** The footer's social buttons (spec, "Footer"); a button is hidden while its address is unset. */
export const SOCIAL_NETWORKS = ["pinterest", "facebook", "instagram", "twitter"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/**
 * Comment moderation policy: every comment is published at once; a reader's first comment waits
 * for approval (then their comments appear at once); or every comment waits.
 */
export const COMMENT_MODERATION = ["none", "first", "all"] as const;
export type CommentModeration = (typeof COMMENT_MODERATION)[number];

export type SiteSettings = {
  siteName: string;
  siteDescription: string;
  social: Record<SocialNetwork, string | null>;
  commentModeration: CommentModeration;
  timeZone: string;
  /** The weekly newsletter digest: the weekday (0 Sunday … 6 Saturday) and time, in `timeZone`. */
  digestDay: number;
  digestTime: string;
};

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const optionalUrl = z
  .string()
  .trim()
  .max(500, "Use at most 500 characters.")
  .transform((value) => value || null)
  .refine((value) => value === null || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), {
    message: "Enter an address starting with https://",
  })
  .nullable();

export const SiteSettingsSchema = z.object({
  // An emptied field arrives as undefined (Conform): the same message as a blank one.
  siteName: z
    .string({ message: "Enter the site's name." })
    .trim()
    .min(1, "Enter the site's name.")
    .max(60, "Use at most 60 characters."),
  siteDescription: z
    .string({ message: "Enter a description." })
    .trim()
    .min(1, "Enter a description.")
    .max(300, "Use at most 300 characters."),
  social: z.object({
    pinterest: optionalUrl.default(null),
    facebook: optionalUrl.default(null),
    instagram: optionalUrl.default(null),
    twitter: optionalUrl.default(null),
  }),
  commentModeration: z.enum(COMMENT_MODERATION, { message: "Choose a moderation policy." }),
  timeZone: z
    .string({ message: 'Enter an IANA time zone such as "Europe/Paris".' })
    .trim()
    .refine(isTimeZone, { message: 'Enter an IANA time zone such as "Europe/Paris".' }),
  // A number when read back from the settings, a string from the form's select.
  digestDay: z.union(
    [
      z.number().int().min(0).max(6),
      z
        .string()
        .regex(/^[0-6]$/)
        .transform(Number),
    ],
    { message: "Choose a day." },
  ),
  digestTime: z
    .string({ message: "Enter a time such as 09:00." })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time such as 09:00."),
});
