/**
 * The series and tag forms' rules (/admin/series, /admin/tags), shared by the browser (Conform)
 * and the server: a series is created and edited with `SeriesSchema`; a tag is renamed with
 * `TagRenameSchema` and merged into another with `TagMergeSchema`.
 */
import { z } from "zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./content";
import { TAG_LIMITS } from "./tag-names";

export const SERIES_LIMITS = { name: 120, slug: SLUG_MAX_LENGTH, description: 1_000 } as const;

export const SERIES_MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${SERIES_LIMITS.name} characters.`,
  nameTaken: "Another series already has this name.",
  slugTooLong: `Slug must be at most ${SERIES_LIMITS.slug} characters.`,
  slugShape: "Use lowercase letters, digits and single hyphens only (for example rust-from-scratch).",
  slugFromName: "Enter a slug: the name has no letters or digits to make one from.",
  slugTaken: "Another series already uses this slug.",
  descriptionTooLong: `Description must be at most ${SERIES_LIMITS.description.toLocaleString("en-US")} characters.`,
} as const;

export const SERIES_TOASTS = {
  created: "Series created",
  updated: "Series updated",
  deleted: "Series deleted",
  moved: "Part moved",
  notFound: "Series not found",
  saveFailed: "Error saving series",
} as const;

export const SeriesSchema = z.object({
  name: z
    .string({ message: SERIES_MESSAGES.nameRequired })
    .trim()
    .min(1, SERIES_MESSAGES.nameRequired)
    .max(SERIES_LIMITS.name, SERIES_MESSAGES.nameTooLong),
  // Left empty, the slug is made from the name.
  slug: z
    .string()
    .trim()
    .max(SERIES_LIMITS.slug, SERIES_MESSAGES.slugTooLong)
    .regex(SLUG_PATTERN, SERIES_MESSAGES.slugShape)
    .optional(),
  description: z.string().trim().max(SERIES_LIMITS.description, SERIES_MESSAGES.descriptionTooLong).optional(),
});
export type SeriesFormValues = z.output<typeof SeriesSchema>;

export const TAG_ADMIN_MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: `A tag must be at most ${TAG_LIMITS.length} characters.`,
  nameNoLetters: "A tag needs a letter or a digit.",
  nameTaken: "Another tag already has this name: merge this tag into it instead.",
  mergeInto: "Enter the name of an existing tag to merge it into.",
  mergeSelf: "Choose another tag: a tag cannot be merged into itself.",
} as const;

export const TAG_TOASTS = {
  renamed: "Tag renamed",
  merged: "Tags merged",
  notFound: "Tag not found",
  saveFailed: "Error saving tag",
} as const;

export const TagRenameSchema = z.object({
  name: z
    .string({ message: TAG_ADMIN_MESSAGES.nameRequired })
    .trim()
    .min(1, TAG_ADMIN_MESSAGES.nameRequired)
    .max(TAG_LIMITS.length, TAG_ADMIN_MESSAGES.nameTooLong),
});

/** Merge: the name of the tag that stays (any spelling that normalises to it). */
export const TagMergeSchema = z.object({
  into: z
    .string({ message: TAG_ADMIN_MESSAGES.mergeInto })
    .trim()
    .min(1, TAG_ADMIN_MESSAGES.mergeInto)
    .max(TAG_LIMITS.length, TAG_ADMIN_MESSAGES.mergeInto),
});
