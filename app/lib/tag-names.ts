/**
 * Tag names, normalised in one place (issue 26): the article form's field, the importer and the
 * admin's rename all read tags through `parseTagList` / `tagSlug`.
 *
 * - A tag's identity is its slug: lower case, a leading "#" dropped, "c#" → "csharp",
 *   "c++" → "cpp", dots between letters dropped ("Node.js" → "nodejs"), any other run of
 *   spaces or punctuation one hyphen. So "React", "react " and "#react" are one tag.
 * - Its name (how it is shown) is what was first typed, trimmed, without the "#", spaces collapsed.
 * - At most TAG_LIMITS.count tags per article, each at most TAG_LIMITS.length characters.
 */
export const TAG_LIMITS = { count: 5, length: 32, field: 400 } as const;

export const TAG_MESSAGES = {
  tooMany: `Use at most ${TAG_LIMITS.count} tags.`,
  tooLong: (name: string) => `Each tag must be at most ${TAG_LIMITS.length} characters: “${name}” is too long.`,
  noLetters: (name: string) => `A tag needs a letter or a digit: “${name}” has none.`,
  fieldTooLong: `Tags must be at most ${TAG_LIMITS.field} characters in all.`,
} as const;

export type TagName = { name: string; slug: string };

/** How a typed tag is shown: trimmed, leading "#" signs dropped, spaces collapsed. */
export function cleanTagName(raw: string): string {
  return raw
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^#+\s*/, "")
    .trim();
}

/** The tag's identity: "React", "react " and "#react" all give "react". Empty when it has no letter or digit. */
export function tagSlug(raw: string): string {
  return cleanTagName(raw)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/#/g, "sharp")
    .replace(/\+/g, "p")
    .replace(/([a-z0-9])\.(?=[a-z0-9])/g, "$1")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A comma-separated field (or a list) as tags: blanks skipped, duplicates by slug kept once (the
 * first spelling wins), with the errors of the field (too many, too long, no letters).
 */
export function parseTagList(input: string | readonly string[]): { tags: TagName[]; errors: string[] } {
  const parts = typeof input === "string" ? input.split(",") : input;
  const tags: TagName[] = [];
  const errors: string[] = [];
  for (const part of parts) {
    const name = cleanTagName(part);
    if (name === "") continue;
    if (Array.from(name).length > TAG_LIMITS.length) {
      errors.push(TAG_MESSAGES.tooLong(name));
      continue;
    }
    const slug = tagSlug(name);
    if (slug === "") {
      errors.push(TAG_MESSAGES.noLetters(name));
      continue;
    }
    if (!tags.some((tag) => tag.slug === slug)) tags.push({ name, slug });
  }
  if (tags.length > TAG_LIMITS.count) errors.unshift(TAG_MESSAGES.tooMany);
  return { tags, errors };
}

/** The field's text for a list of tag names. */
export function tagFieldText(names: readonly string[]): string {
  return names.join(", ");
}
