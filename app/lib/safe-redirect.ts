/**
 * Redirect targets are only ever same-site paths: "/x" yes; "//evil", "/\\evil", "https://…" no.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters can smuggle a scheme past browsers' URL parsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what we reject
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
