/**
 * Pure text helpers for article content, shared by client and server (no node imports).
 *
 * The markdown pipeline itself lives in app/markdown/markdown.server.ts; these helpers are the
 * rules it (and the article page, forms and seed) agree on.
 */

/** The database constraint on article and category slugs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_MAX_LENGTH = 80;

/** An article with more than this many blocks (split on blank lines) is "long". */
export const LONG_ARTICLE_PARAGRAPHS = 5;

/** How many blocks a long article shows before Continue Reading. */
export const PREVIEW_PARAGRAPHS = 4;

/** Reading speed for prose. */
export const WORDS_PER_MINUTE = 230;

/** A word inside a code block counts as this fraction of a prose word (code is skimmed, not read). */
export const CODE_WORD_WEIGHT = 0.5;

/**
 * The anchor id of a heading: the lowercased text with every run of characters that are not
 * letters or digits replaced by one hyphen, leading/trailing hyphens trimmed; "section" when
 * nothing is left. Letters and digits are Unicode-aware ("Über" → "über", "日本語" stays,
 * combining marks count as part of their letter), so non-Latin headings get distinct ids.
 */
export function headingId(text: string): string {
  const id = text
    .toLowerCase()
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return id === "" ? "section" : id;
}

// Letters that Unicode decomposition (NFKD) does not split into base letter + mark.
const TRANSLITERATIONS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
  ħ: "h",
};

/**
 * A URL slug for a title: lowercase a-z, 0-9 and single hyphens, diacritics stripped ("Café" →
 * "cafe"), "&" read as "and", at most 80 characters (cut at a hyphen when possible), never a
 * leading or trailing hyphen. Returns "" when the title has no Latin letters or digits at all;
 * callers must treat that as "slug required". Every non-empty result matches SLUG_PATTERN.
 */
export function slugify(title: string): string {
  let slug = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþıħ]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .replace(/&/g, " and ")
    .replace(/['’]/g, "") // "Don't" → "dont", not "don-t"
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length > SLUG_MAX_LENGTH) {
    const cut = slug.slice(0, SLUG_MAX_LENGTH);
    const lastHyphen = cut.lastIndexOf("-");
    // Prefer ending on a whole word unless that throws away more than half.
    slug = slug[SLUG_MAX_LENGTH] === "-" || lastHyphen < SLUG_MAX_LENGTH / 2 ? cut : cut.slice(0, lastHyphen);
    slug = slug.replace(/-+$/, "");
  }
  return slug;
}

/**
 * A named page's form values (a category, a series) as a save writes them: an empty slug is made
 * from the name; null when it must be typed (the name has no letters or digits to make one from).
 */
export function namedInput(values: {
  name: string;
  slug?: string;
  description?: string;
}): { name: string; slug: string; description: string } | null {
  const slug = values.slug || slugify(values.name);
  if (!slug || !SLUG_PATTERN.test(slug)) return null;
  return { name: values.name, slug, description: values.description ?? "" };
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;

type Fence = { char: string; length: number };

/** The fence a line opens, if any (a backtick fence's info string cannot contain a backtick). */
function openingFence(line: string): Fence | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  const marker = match[1]!;
  const char = marker[0]!;
  if (char === "`" && match[2]!.includes("`")) return null;
  return { char, length: marker.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const match = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(line);
  return !!match && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}

/**
 * Splits markdown into blocks on blank lines, never inside a fenced code block (``` or ~~~;
 * an unclosed fence runs to the end). Blocks are trimmed; empty blocks are dropped.
 */
export function splitParagraphs(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: Fence | null = null;
  const flush = () => {
    const block = current.join("\n").trim();
    if (block !== "") blocks.push(block);
    current = [];
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (fence) {
      current.push(line);
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    fence = openingFence(line);
    current.push(line);
  }
  flush();
  return blocks;
}

/** More than LONG_ARTICLE_PARAGRAPHS blocks: the article page shows a preview first. */
export function isLongArticle(markdown: string): boolean {
  return splitParagraphs(markdown).length > LONG_ARTICLE_PARAGRAPHS;
}

function isFencedBlock(block: string): boolean {
  return openingFence(block.split("\n", 1)[0] ?? "") !== null;
}

/** The code inside a fenced block (without the fence lines). */
function fencedCode(block: string): string {
  const lines = block.split("\n").slice(1);
  const first = openingFence(block.split("\n", 1)[0] ?? "");
  if (first && lines.length > 0 && closesFence(lines[lines.length - 1]!, first)) lines.pop();
  return lines.join("\n");
}

function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
}

/** A display formula block (`$$ … $$`): read like code, a symbol at a time. */
function isDisplayMath(block: string): boolean {
  return /^[ \t]*\$\$/.test(block);
}

/**
 * Minutes to read (docs/decisions/0016-reading-time.md): prose words plus code words at half
 * weight (CODE_WORD_WEIGHT), divided by 230 words per minute, rounded up, at least 1. Code is
 * everything in a fenced block (terminal sessions and ```math included) and display formulas;
 * Shiki's `[!code …]` notation is not counted. Prose is counted after stripping markdown syntax
 * (link URLs, image syntax, emphasis markers, a callout's `[!NOTE]` marker), so URLs don't
 * inflate the count.
 */
export function readingMinutes(markdown: string): number {
  const { prose, code } = wordCounts(markdown);
  return Math.max(1, Math.ceil((prose + code * CODE_WORD_WEIGHT) / WORDS_PER_MINUTE));
}

/**
 * The words readingMinutes() counts: prose (markdown syntax stripped) and code (fenced blocks and
 * display formulas, Shiki's `[!code …]` notation left out). The editor shows their sum live.
 */
export function wordCounts(markdown: string): { prose: number; code: number } {
  let prose = 0;
  let code = 0;
  for (const block of splitParagraphs(markdown)) {
    if (isFencedBlock(block)) code += countWords(fencedCode(block).replace(/\[!code [^\]]*\]/g, " "));
    else if (isDisplayMath(block)) code += countWords(block.replace(/\$\$/g, " "));
    else prose += countWords(plainText(block));
  }
  return { prose, code };
}

/**
 * Whether `offset` in `markdown` is inside a fenced code block (past its opening fence line,
 * before its closing one; an unclosed fence runs to the end). The editor pastes plain text there.
 */
export function insideFencedCode(markdown: string, offset: number): boolean {
  let fence: Fence | null = null;
  let lineStart = 0;
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const lineEnd = lineStart + line.length;
    if (lineStart > offset) break;
    if (fence) {
      if (closesFence(line, fence)) {
        if (offset <= lineEnd && offset >= lineStart) return false;
        fence = null;
      } else if (offset <= lineEnd) return true;
    } else {
      fence = openingFence(line);
    }
    lineStart = lineEnd + 1;
  }
  return false;
}

/** Markdown inline syntax removed, leaving readable text (one block; newlines become spaces). */
function plainText(block: string): string {
  return (
    block
      // HTML tags and comments (raw HTML is never rendered anyway).
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<\/?[a-zA-Z][^>]*>/g, " ")
      // Line prefixes: headings, quotes, list markers, table pipes.
      .replace(/^[ \t]*(?:>[ \t]?)+/gm, "")
      .replace(/^\[!(?:note|tip|important|warning|caution)\][ \t]*$/gim, "")
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, "")
      .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, "")
      .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, "")
      .replace(/[ \t]*\|[ \t]*/g, " ")
      // Images go entirely; links keep their text; reference definitions go.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
      .replace(/!\[[^\]]*\]\[[^\]]*\]/g, " ")
      .replace(/^[ \t]*\[[^\]]+\]:[ \t]*\S+.*$/gm, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
      // Emphasis, strikethrough and inline code markers.
      .replace(/(`+)([^`]*?)\1/g, "$2")
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/(^|[^\p{L}\p{N}*])[*_](?=\S)([^*_]*?\S)[*_](?![\p{L}\p{N}])/gu, "$1$2")
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "$1")
      // Backslash escapes.
      .replace(/\\([\\`*_{}[\]()#+\-.!|~>])/g, "$1")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Blocks an excerpt should not be taken from: code, headings, rules, tables, lone images. */
function isProseBlock(block: string): boolean {
  if (isFencedBlock(block) || isDisplayMath(block)) return false;
  if (/^[ \t]*#{1,6}[ \t]/.test(block)) return false;
  if (/^[ \t]*(?:[-*_][ \t]*){3,}$/.test(block)) return false;
  if (/^[ \t]*\|/.test(block)) return false;
  if (/^[ \t]*(?: {4}|\t)/.test(block)) return false; // indented code
  return true;
}

/**
 * A plain-text excerpt: the first prose paragraphs with markdown syntax stripped. If it fits in
 * maxChars it is returned whole; otherwise it ends at the last full sentence within maxChars
 * when that keeps at least half, else it is cut at a word boundary and ends with "…" (the
 * result, "…" included, is never longer than maxChars).
 */
export function excerptFrom(markdown: string, maxChars = 200): string {
  let text = "";
  for (const block of splitParagraphs(markdown)) {
    if (!isProseBlock(block)) continue;
    const plain = plainText(block);
    if (plain === "") continue;
    text = text === "" ? plain : `${text} ${plain}`;
    if (text.length > maxChars) break;
  }
  if (text.length <= maxChars) return text;

  const window = text.slice(0, maxChars + 1);
  let sentenceEnd = -1;
  for (const match of window.matchAll(/[.!?…]["'”’)]?(?=\s)/g)) {
    const end = match.index + match[0].length;
    if (end <= maxChars) sentenceEnd = end;
  }
  if (sentenceEnd >= maxChars / 2) return text.slice(0, sentenceEnd);

  const room = text.slice(0, maxChars); // leave one character for "…"
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, maxChars - 1);
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}…`;
}
