/**
 * Tag for markdown written inside template literals. The text is taken raw, so backslashes in
 * code samples (regular expressions, "\n") stay as written; only the escapes a template literal
 * forces on us are undone: \` becomes ` and \${ becomes ${. Leading and trailing blank lines are
 * dropped.
 */
export function md(strings: TemplateStringsArray, ...values: unknown[]): string {
  return String.raw(strings, ...values)
    .replace(/\\`/g, "`")
    .replace(/\\\$\{/g, "${")
    .replace(/^\s*\n/, "")
    .trimEnd();
}
