/** The site page editor's form (/admin/pages/:slug): one schema for the browser and the server. */
import { z } from "zod";

export const PAGE_LIMITS = { title: 120, content: 100_000 } as const;

export const PageSchema = z.object({
  title: z
    .string({ message: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(PAGE_LIMITS.title, `Title must be at most ${PAGE_LIMITS.title} characters.`),
  content: z
    .string({ message: "Content is required." })
    .min(1, "Content is required.")
    .max(PAGE_LIMITS.content, `Content must be at most ${PAGE_LIMITS.content} characters.`)
    .refine((value) => value.trim().length > 0, "Content is required."),
});
export type PageInput = z.infer<typeof PageSchema>;
export const PAGE_TEXT_FIELDS = ["title", "content"] as const;
