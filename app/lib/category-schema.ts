/**
 * The category forms' rules (/admin/categories), shared by the browser (Conform) and the server:
 * create and edit share `CategorySchema`; deleting one with articles needs `moveTo`.
 */
import { z } from "zod";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./content";
import { MAX_ID } from "./ids";

export const CATEGORY_LIMITS = { name: 60, slug: SLUG_MAX_LENGTH, description: 500 } as const;

export const CATEGORY_MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${CATEGORY_LIMITS.name} characters.`,
  nameTaken: "Another category already has this name.",
  slugTooLong: `Slug must be at most ${CATEGORY_LIMITS.slug} characters.`,
  slugShape: "Use lowercase letters, digits and single hyphens only (for example web-performance).",
  slugFromName: "Enter a slug: the name has no letters or digits to make one from.",
  slugTaken: "Another category already uses this slug.",
  slugRedirects: "This slug used to belong to another category and still redirects to it: choose another slug.",
  descriptionTooLong: `Description must be at most ${CATEGORY_LIMITS.description} characters.`,
  moveRequired: "Choose the category its articles move to.",
  moveInvalid: "Choose another category from the list.",
} as const;

export const CATEGORY_TOASTS = {
  created: "Category created",
  updated: "Category updated",
  deleted: "Category deleted",
  notFound: "Category not found",
  saveFailed: "Error saving category",
  deleteFailed: "Error deleting category",
} as const;

const optionalId = (message: string) =>
  z.number({ message }).int(message).positive(message).max(MAX_ID, message).optional();

export const CategorySchema = z.object({
  name: z
    .string({ message: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(CATEGORY_LIMITS.name, CATEGORY_MESSAGES.nameTooLong),
  // Left empty, the slug is made from the name (slugify).
  slug: z
    .string()
    .trim()
    .max(CATEGORY_LIMITS.slug, CATEGORY_MESSAGES.slugTooLong)
    .regex(SLUG_PATTERN, CATEGORY_MESSAGES.slugShape)
    .optional(),
  description: z.string().trim().max(CATEGORY_LIMITS.description, CATEGORY_MESSAGES.descriptionTooLong).optional(),
});
export type CategoryFormValues = z.output<typeof CategorySchema>;

/** Delete: where the articles go (required by the server when the category has articles). */
export const CategoryDeleteSchema = z.object({ moveTo: optionalId(CATEGORY_MESSAGES.moveInvalid) });
