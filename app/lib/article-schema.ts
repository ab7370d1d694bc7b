/**
 * The article form's rules, shared by the browser (Conform, `parseWithZod` from
 * "@conform-to/zod/v4") and the server action: one definition, clear messages.
 *
 * Conform turns empty fields into `undefined` before validating and coerces numbers and
 * checkboxes, so optional fields are simply `.optional()` and the category arrives as a number.
 */
import { z } from "zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./content";
import { MAX_ID } from "./ids";
import { parseTagList, TAG_LIMITS, TAG_MESSAGES } from "./tag-names";

export const ARTICLE_LIMITS = {
  title: 200,
  slug: SLUG_MAX_LENGTH,
  content: 200_000,
  excerpt: 500,
  imageUrl: 2_000,
  canonicalUrl: 2_000,
} as const;

export const ARTICLE_MESSAGES = {
  titleRequired: "Title is required.",
  titleTooLong: `Title must be at most ${ARTICLE_LIMITS.title} characters.`,
  slugRequired: "Slug is required.",
  slugTooLong: `Slug must be at most ${ARTICLE_LIMITS.slug} characters.`,
  slugShape: "Use lowercase letters, digits and single hyphens only (for example my-first-article).",
  slugTaken: "This slug is already in use.",
  slugRedirects: "This slug used to belong to another article and still redirects to it: choose another slug.",
  scheduleInvalid: "Enter a date and time, like 2030-01-31 09:00.",
  scheduleRequired: "Choose when to publish it.",
  scheduleLive: "This article is already published: unpublish it before scheduling it.",
  contentRequired: "Content is required.",
  contentTooLong: `Content must be at most ${ARTICLE_LIMITS.content.toLocaleString("en-US")} characters.`,
  excerptTooLong: `Excerpt must be at most ${ARTICLE_LIMITS.excerpt} characters.`,
  imageUrl: "Image URL must be an http(s) address or a path on this site starting with /.",
  imageUrlTooLong: `Image URL must be at most ${ARTICLE_LIMITS.imageUrl.toLocaleString("en-US")} characters.`,
  canonicalUrl: "Canonical URL must be a full http(s) address, like https://example.com/my-article.",
  canonicalUrlTooLong: `Canonical URL must be at most ${ARTICLE_LIMITS.canonicalUrl.toLocaleString("en-US")} characters.`,
  categoryInvalid: "Choose a category from the list.",
  seriesInvalid: "Choose a series from the list.",
  versionInvalid: "This form is out of date: reload the article and try again.",
  altMissing: (names: string[]) =>
    `Add alt text to every image (describe it between the brackets: ![what it shows](…)): ${names.join(", ")}.`,
} as const;

/** An absolute http(s) URL, or a path on this site ("/images/x.png"; not "//host/x"). */
export function isImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\") && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * A canonical URL: an absolute http(s) address with a host, without spaces or a user name (an
 * article first published elsewhere names that page).
 */
export function isCanonicalUrl(value: string): boolean {
  if (value.length > ARTICLE_LIMITS.canonicalUrl || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.hostname !== "" &&
      url.username === "" &&
      url.password === ""
    );
  } catch {
    return false;
  }
}

/** The same page: host, path (a trailing slash aside) and query alike; the scheme and fragment aside. */
function sameAddress(a: string, b: string) {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    const path = (url: URL) => url.pathname.replace(/\/+$/, "");
    return x.host === y.host && path(x) === path(y) && x.search === y.search;
  } catch {
    return false;
  }
}

/**
 * The canonical URL an article keeps: none when it is empty, not a canonical URL, or the article's
 * own address here (`ownUrl`, SITE_URL + /post/{slug}): a canonical URL only ever names another page.
 */
export function keptCanonicalUrl(value: string | null | undefined, ownUrl: string): string | null {
  const url = value?.trim() ?? "";
  if (url === "" || !isCanonicalUrl(url) || sameAddress(url, ownUrl)) return null;
  return url;
}

/** The version an edit form was loaded with: `updated_at` as ISO 8601 UTC, to the microsecond. */
export const VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

export const ArticleSchema = z.object({
  title: z
    .string({ message: ARTICLE_MESSAGES.titleRequired })
    .trim()
    .min(1, ARTICLE_MESSAGES.titleRequired)
    .max(ARTICLE_LIMITS.title, ARTICLE_MESSAGES.titleTooLong),
  slug: z
    .string({ message: ARTICLE_MESSAGES.slugRequired })
    .trim()
    .min(1, ARTICLE_MESSAGES.slugRequired)
    .max(ARTICLE_LIMITS.slug, ARTICLE_MESSAGES.slugTooLong)
    .regex(SLUG_PATTERN, ARTICLE_MESSAGES.slugShape),
  content: z
    .string({ message: ARTICLE_MESSAGES.contentRequired })
    .max(ARTICLE_LIMITS.content, ARTICLE_MESSAGES.contentTooLong)
    .refine((value) => value.trim() !== "", ARTICLE_MESSAGES.contentRequired),
  excerpt: z.string().trim().max(ARTICLE_LIMITS.excerpt, ARTICLE_MESSAGES.excerptTooLong).optional(),
  imageUrl: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.imageUrl, ARTICLE_MESSAGES.imageUrlTooLong)
    .refine((value) => value === "" || isImageUrl(value), ARTICLE_MESSAGES.imageUrl)
    .optional(),
  // Where the article was first published (empty: this site).
  canonicalUrl: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.canonicalUrl, ARTICLE_MESSAGES.canonicalUrlTooLong)
    .refine((value) => value === "" || isCanonicalUrl(value), ARTICLE_MESSAGES.canonicalUrl)
    .optional(),
  // The placeholder 'Select a category' submits "", which Conform reads as undefined: no category.
  categoryId: z
    .number({ message: ARTICLE_MESSAGES.categoryInvalid })
    .int(ARTICLE_MESSAGES.categoryInvalid)
    .positive(ARTICLE_MESSAGES.categoryInvalid)
    .max(MAX_ID, ARTICLE_MESSAGES.categoryInvalid)
    .optional(),
  featured: z.boolean().optional(),
  // Comma-separated (app/lib/tag-names.ts): at most 5, each at most 32 characters.
  tags: z
    .string()
    .max(TAG_LIMITS.field, TAG_MESSAGES.fieldTooLong)
    .superRefine((value, context) => {
      for (const message of parseTagList(value).errors) context.addIssue({ code: "custom", message });
    })
    .optional(),
  // The placeholder 'No series' submits "": not in a series.
  seriesId: z
    .number({ message: ARTICLE_MESSAGES.seriesInvalid })
    .int(ARTICLE_MESSAGES.seriesInvalid)
    .positive(ARTICLE_MESSAGES.seriesInvalid)
    .max(MAX_ID, ARTICLE_MESSAGES.seriesInvalid)
    .optional(),
  // Edit forms only: the version of the row the form was loaded with (optimistic concurrency).
  version: z.string().regex(VERSION_PATTERN, ARTICLE_MESSAGES.versionInvalid).optional(),
  // The Schedule button's date and time (datetime-local, read in `timeZone`); checked by the
  // action only when that button was pressed.
  scheduledAt: z.string().max(40).optional(),
  timeZone: z.string().max(64).optional(),
});

export type ArticleFormValues = z.output<typeof ArticleSchema>;

/** What a save writes: the form's values with empty optional fields as null. */
export type ArticleInput = {
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  imageUrl: string | null;
  categoryId: number | null;
  featured: boolean;
  /**
   * Where it was first published, when another site (rel=canonical; null: this site). Left out
   * (revisions older than it, writers that do not set it) means "as it is".
   */
  canonicalUrl?: string | null;
  /**
   * Its tags' names (normalised: app/lib/tag-names.ts) and its series. Left out (older revisions,
   * writers that do not set them) means "as they are".
   */
  tags?: string[];
  seriesId?: number | null;
};

export function toArticleInput(values: ArticleFormValues): ArticleInput {
  return {
    title: values.title,
    slug: values.slug,
    content: values.content,
    excerpt: values.excerpt ? values.excerpt : null,
    imageUrl: values.imageUrl ? values.imageUrl : null,
    canonicalUrl: values.canonicalUrl ? values.canonicalUrl : null,
    categoryId: values.categoryId ?? null,
    featured: values.featured ?? false,
    tags: parseTagList(values.tags ?? "").tags.map((tag) => tag.name),
    seriesId: values.seriesId ?? null,
  };
}

/** The spec's toasts and messages for saving and deleting articles (sections 4 and 8). */
export const ARTICLE_TOASTS = {
  created: "Article created successfully",
  updated: "Article updated successfully",
  deleted: "Article deleted successfully",
  createFailed: "Error creating article",
  updateFailed: "Error updating article",
  deleteFailed: "Error deleting article",
  fetchFailed: "Error fetching article",
  notFound: "Article not found.",
  noAuthorProfile: "Cannot create or update article without a linked author profile.",
  deleteConfirmation: "Are you sure you want to delete this article? This action cannot be undone.",
  draftSaved: "Draft saved",
  stagedSaved: "Changes saved",
  stagedDescription: "Readers still see the published version: Update Article makes your changes live.",
  scheduled: "Article scheduled",
  publishedNow: "The time you chose has already passed, so the article was published now.",
  unpublished: "Article unpublished",
  unpublishedDescription: "It is a draft again: readers no longer see it.",
  discarded: "Pending changes discarded",
  submitted: "Submitted for review",
  submittedDescription: "The editors have been told; you will get a mail when it is approved or returned.",
  approved: "Article approved",
  returned: "Returned to the writer",
  restored: "Revision restored",
  restoredDescription: "It is loaded in the editor as pending changes: Update Article makes it live.",
  conflict:
    "Someone else saved this article after you opened it, so your changes were not saved. Copy what you typed, open the latest version and apply your changes again.",
} as const;
