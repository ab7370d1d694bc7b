/**
 * The author profile form's rules (/admin/profile, /admin/authors/{id}), shared by the browser
 * (Conform) and the server. The avatar is a URL: typed, or the /media/… address of an upload.
 */
import { z } from "zod";
import { isImageUrl } from "./article-schema";

export const AUTHOR_LIMITS = { name: 100, bio: 1_000, avatarUrl: 2_000 } as const;

/** The file input of the profile form (uploaded through the media library's storage). */
export const AVATAR_FILE_FIELD = "avatarFile";

export const AUTHOR_MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${AUTHOR_LIMITS.name} characters.`,
  bioTooLong: `Bio must be at most ${AUTHOR_LIMITS.bio.toLocaleString("en-US")} characters.`,
  avatarUrl: "Avatar URL must be an http(s) address or a path on this site starting with /.",
  avatarUrlTooLong: `Avatar URL must be at most ${AUTHOR_LIMITS.avatarUrl.toLocaleString("en-US")} characters.`,
} as const;

export const AUTHOR_TOASTS = {
  saved: "Profile saved",
  notFound: "Author not found",
  saveFailed: "Error saving profile",
  uploadFailed: "Upload failed",
} as const;

export const AuthorProfileSchema = z.object({
  name: z
    .string({ message: AUTHOR_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTHOR_MESSAGES.nameRequired)
    .max(AUTHOR_LIMITS.name, AUTHOR_MESSAGES.nameTooLong),
  bio: z.string().trim().max(AUTHOR_LIMITS.bio, AUTHOR_MESSAGES.bioTooLong).optional(),
  avatarUrl: z
    .string()
    .trim()
    .max(AUTHOR_LIMITS.avatarUrl, AUTHOR_MESSAGES.avatarUrlTooLong)
    .refine((value) => value === "" || isImageUrl(value), AUTHOR_MESSAGES.avatarUrl)
    .optional(),
});
export type AuthorProfileValues = z.output<typeof AuthorProfileSchema>;
