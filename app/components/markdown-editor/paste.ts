/**
 * Pasting into a markdown field (JavaScript): rich text copied from documentation, a browser or a
 * word processor arrives as HTML and becomes Markdown (app/lib/html-to-markdown.ts, loaded on the
 * first focus of the field, never on reading pages); everything else is pasted by the browser
 * as it is. Pure decisions here; markdown-field.tsx does the pasting.
 */
import { insideFencedCode } from "~/lib/content";

/** Elements that carry what Markdown can say: worth converting rather than pasting as plain text. */
const STRUCTURE = /<(?:p|h[1-6]|ul|ol|li|pre|code|a|strong|b|em|i|blockquote|table|img|del|s|strike|hr)[\s>]/i;

/**
 * Whether pasted HTML should become Markdown: it has structure Markdown can keep; it is not a
 * code editor's highlighting (VS Code puts coloured spans on the clipboard, and the plain text is
 * the code itself); and the caret is not inside a fenced code block, where text goes as it is.
 */
export function convertsPastedHtml(
  clipboard: { types: readonly string[]; html: string },
  value: string,
  caret: number,
): boolean {
  if (clipboard.html.trim() === "" || !clipboard.types.includes("text/html")) return false;
  if (clipboard.types.includes("vscode-editor-data")) return false;
  if (insideFencedCode(value, caret)) return false;
  return STRUCTURE.test(clipboard.html);
}
