/**
 * The formatting toolbar's and shortcuts' transformations, pure: given the text and the selection,
 * the edit to make (one range replaced) and the selection after it. Each one toggles: applied to
 * text already formatted that way, it removes the formatting (a heading cycles ## → ### → none).
 *
 * - bold `**x**`, italic `*x*`, inline code `` `x` ``: wrap the selection (its surrounding
 *   spaces left outside), or the word at the caret, or insert the pair with the caret inside;
 *   on several lines each line is wrapped (emphasis cannot span a blank line); inline code on
 *   several lines becomes a code block.
 * - link: `[text](url)` with "url" selected; a selected URL becomes `[](URL)`, and nothing
 *   selected `[](url)`, with the caret between the brackets.
 * - code block: the selected lines between ``` fences (longer when the code holds backticks).
 * - heading: the selected lines as `## ` headings, then `### `, then plain text again.
 */

export type FormatKind = "bold" | "italic" | "link" | "code" | "codeBlock" | "heading";

/** Replace value[from, to) with `insert`; then select [selectionStart, selectionEnd) of the result. */
export type TextEdit = { from: number; to: number; insert: string; selectionStart: number; selectionEnd: number };

export function applyEdit(value: string, edit: TextEdit): string {
  return value.slice(0, edit.from) + edit.insert + value.slice(edit.to);
}

export function formatText(kind: FormatKind, value: string, start: number, end: number): TextEdit {
  const [from, to] = start <= end ? [start, end] : [end, start];
  switch (kind) {
    case "bold":
      return toggleEmphasis(value, from, to, 2);
    case "italic":
      return toggleEmphasis(value, from, to, 1);
    case "code":
      return value.slice(from, to).includes("\n")
        ? toggleCodeBlock(value, from, to)
        : toggleInlineCode(value, from, to);
    case "link":
      return link(value, from, to);
    case "codeBlock":
      return toggleCodeBlock(value, from, to);
    case "heading":
      return cycleHeading(value, from, to);
  }
}

const WORD = /[\p{L}\p{N}_]/u;

/** The selection without its surrounding whitespace; an empty one grows to the word at the caret. */
function tighten(value: string, from: number, to: number): [number, number] {
  while (from < to && /\s/.test(value[from]!)) from++;
  while (to > from && /\s/.test(value[to - 1]!)) to--;
  if (from === to) {
    while (from > 0 && WORD.test(value[from - 1]!)) from--;
    while (to < value.length && WORD.test(value[to]!)) to++;
  }
  return [from, to];
}

function runBefore(value: string, index: number, char: string): number {
  let count = 0;
  while (index - count > 0 && value[index - count - 1] === char) count++;
  return count;
}

function runAfter(value: string, index: number, char: string): number {
  let count = 0;
  while (index + count < value.length && value[index + count] === char) count++;
  return count;
}

/** Whether a run of `*` of this length holds the emphasis of `size` (1 italic, 2 bold; 3 is both). */
function holds(run: number, size: 1 | 2): boolean {
  return size === 2 ? run >= 2 : run % 2 === 1;
}

/** Line prefixes emphasis goes after: list markers, quotes, headings, task boxes. */
const LINE_PREFIX = /^[ \t]*(?:(?:>[ \t]?)+|#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/;

function toggleEmphasis(value: string, from: number, to: number, size: 1 | 2): TextEdit {
  const marker = "*".repeat(size);
  if (value.slice(from, to).includes("\n")) return wrapLines(value, from, to, (line) => toggleLine(line, marker, size));
  [from, to] = tighten(value, from, to);
  // Already emphasised around the selection: take the markers away.
  if (from < to && holds(runBefore(value, from, "*"), size) && holds(runAfter(value, to, "*"), size)) {
    return {
      from: from - size,
      to: to + size,
      insert: value.slice(from, to),
      selectionStart: from - size,
      selectionEnd: to - size,
    };
  }
  // …or the selection includes the markers.
  const inner = value.slice(from, to);
  if (
    inner.length > 2 * size &&
    holds(runAfter(inner, 0, "*"), size) &&
    holds(runBefore(inner, inner.length, "*"), size)
  ) {
    const stripped = inner.slice(size, inner.length - size);
    return { from, to, insert: stripped, selectionStart: from, selectionEnd: from + stripped.length };
  }
  return {
    from,
    to,
    insert: `${marker}${inner}${marker}`,
    selectionStart: from + size,
    selectionEnd: to + size,
  };
}

/** One line's emphasis toggled (its prefix kept outside); blank lines stay blank. */
function toggleLine(line: string, marker: string, size: 1 | 2): string {
  const prefix = LINE_PREFIX.exec(line)?.[0] ?? "";
  const body = line.slice(prefix.length);
  const text = body.trim();
  if (text === "") return line;
  const lead = body.slice(0, body.indexOf(text));
  const trail = body.slice(lead.length + text.length);
  const wrapped =
    text.length > 2 * size && holds(runAfter(text, 0, "*"), size) && holds(runBefore(text, text.length, "*"), size);
  return `${prefix}${lead}${wrapped ? text.slice(size, text.length - size) : `${marker}${text}${marker}`}${trail}`;
}

/** The lines the selection touches, each changed by `change`; the result stays selected. */
function wrapLines(value: string, from: number, to: number, change: (line: string) => string): TextEdit {
  const start = lineStart(value, from);
  const end = lineEnd(value, to > from && value[to - 1] === "\n" ? to - 1 : to);
  const insert = value.slice(start, end).split("\n").map(change).join("\n");
  return { from: start, to: end, insert, selectionStart: start, selectionEnd: start + insert.length };
}

function lineStart(value: string, index: number): number {
  return value.lastIndexOf("\n", index - 1) + 1;
}

function lineEnd(value: string, index: number): number {
  const next = value.indexOf("\n", index);
  return next === -1 ? value.length : next;
}

function toggleInlineCode(value: string, from: number, to: number): TextEdit {
  [from, to] = tighten(value, from, to);
  const before = runBefore(value, from, "`");
  if (from < to && before > 0 && before === runAfter(value, to, "`")) {
    // `` `x` `` with the padding spaces a backtick at either end needs.
    const padded = value[from] === " " && value[to - 1] === " " && to - from > 2;
    const text = padded ? value.slice(from + 1, to - 1) : value.slice(from, to);
    return {
      from: from - before,
      to: to + before,
      insert: text,
      selectionStart: from - before,
      selectionEnd: from - before + text.length,
    };
  }
  const text = value.slice(from, to);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  const open = `${ticks}${pad}`;
  return {
    from,
    to,
    insert: `${open}${text}${pad}${ticks}`,
    selectionStart: from + open.length,
    selectionEnd: from + open.length + text.length,
  };
}

const FENCE_LINE = /^[ \t]*(`{3,}|~{3,})/;

function toggleCodeBlock(value: string, from: number, to: number): TextEdit {
  const start = lineStart(value, from);
  const end = lineEnd(value, to > from && value[to - 1] === "\n" ? to - 1 : to);
  const lines = value.slice(start, end).split("\n");
  const open = FENCE_LINE.exec(lines[0] ?? "");
  const close = lines.length >= 2 ? FENCE_LINE.exec(lines[lines.length - 1]!) : null;
  if (open && close && close[1]![0] === open[1]![0] && close[1]!.length >= open[1]!.length) {
    const inner = lines.slice(1, -1).join("\n");
    return { from: start, to: end, insert: inner, selectionStart: start, selectionEnd: start + inner.length };
  }
  const code = lines.join("\n");
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  // A block starts on a line of its own, after a blank line when it follows text.
  const lead = start === 0 || value.slice(0, start).endsWith("\n\n") ? "" : "\n";
  const trail = end === value.length || value.slice(end).startsWith("\n\n") ? "" : "\n";
  const insert = `${lead}${fence}\n${code}\n${fence}${trail}`;
  const codeStart = start + lead.length + fence.length + 1;
  const empty = code.trim() === "";
  return {
    from: start,
    to: end,
    insert,
    selectionStart: codeStart,
    selectionEnd: empty ? codeStart : codeStart + code.length,
  };
}

const URL_LIKE = /^(?:https?:\/\/|mailto:|\/)[^\s()<>]+$/;

function link(value: string, from: number, to: number): TextEdit {
  while (from < to && /\s/.test(value[from]!)) from++;
  while (to > from && /\s/.test(value[to - 1]!)) to--;
  const text = value.slice(from, to);
  if (text === "" || URL_LIKE.test(text)) {
    // The address is known (or not yet): the caret waits for the link's text.
    return { from, to, insert: `[](${text || "url"})`, selectionStart: from + 1, selectionEnd: from + 1 };
  }
  const urlStart = from + text.length + 3;
  return { from, to, insert: `[${text}](url)`, selectionStart: urlStart, selectionEnd: urlStart + 3 };
}

/** The link a pasted URL makes of a selected text (`[text](url)`), or null when it is not that case. */
export function linkFromPaste(value: string, start: number, end: number, pasted: string): TextEdit | null {
  const url = pasted.trim();
  const [from, to] = start <= end ? [start, end] : [end, start];
  const text = value.slice(from, to);
  if (!URL_LIKE.test(url) || text.trim() === "" || text.includes("\n") || URL_LIKE.test(text.trim())) return null;
  const insert = `[${text}](${url})`;
  return { from, to, insert, selectionStart: from + insert.length, selectionEnd: from + insert.length };
}

const HEADING = /^(#{1,6})[ \t]+/;

function cycleHeading(value: string, from: number, to: number): TextEdit {
  const start = lineStart(value, from);
  const end = lineEnd(value, to > from && value[to - 1] === "\n" ? to - 1 : to);
  const lines = value.slice(start, end).split("\n");
  const current = HEADING.exec(lines.find((line) => line.trim() !== "") ?? "")?.[1]?.length ?? 0;
  // Articles take their title as the page's heading: their sections start at ##.
  const next = current === 2 ? 3 : current === 3 ? 0 : 2;
  const prefix = next === 0 ? "" : `${"#".repeat(next)} `;
  const changed = lines.map((line) =>
    line.trim() === "" && lines.length > 1 ? line : prefix + line.replace(HEADING, ""),
  );
  const insert = changed.join("\n");
  if (lines.length > 1)
    return { from: start, to: end, insert, selectionStart: start, selectionEnd: start + insert.length };
  // One line: the caret (or the selection) stays on the same text.
  const oldPrefix = lines[0]!.length - lines[0]!.replace(HEADING, "").length;
  const keep = (offset: number) => start + prefix.length + Math.max(0, offset - start - oldPrefix);
  return { from: start, to: end, insert, selectionStart: keep(from), selectionEnd: keep(to) };
}

/**
 * The formatting a key press asks for: Ctrl (⌘ on Apple systems) with B bold, I italic, K link,
 * E inline code, Shift+E code block, Shift+H heading; null for any other key. Letters are read
 * from the key's position too, so the shortcuts work on non-Latin keyboard layouts.
 */
export function shortcutFor(
  event: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
  apple: boolean,
): FormatKind | null {
  const command = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!command || event.altKey) return null;
  const letter = /^[a-z]$/i.test(event.key)
    ? event.key.toLowerCase()
    : event.code.startsWith("Key")
      ? event.code.slice(3).toLowerCase()
      : "";
  const shortcut = SHORTCUTS.find((entry) => entry.letter === letter && entry.shift === event.shiftKey);
  return shortcut?.kind ?? null;
}

export const SHORTCUTS: readonly { kind: FormatKind; letter: string; shift: boolean }[] = [
  { kind: "bold", letter: "b", shift: false },
  { kind: "italic", letter: "i", shift: false },
  { kind: "link", letter: "k", shift: false },
  { kind: "code", letter: "e", shift: false },
  { kind: "codeBlock", letter: "e", shift: true },
  { kind: "heading", letter: "h", shift: true },
];

/** The shortcut as aria-keyshortcuts writes it ("Control+Shift+E", "Meta+B"). */
export function ariaShortcut(kind: FormatKind, apple: boolean): string {
  const entry = SHORTCUTS.find((shortcut) => shortcut.kind === kind)!;
  return `${apple ? "Meta" : "Control"}+${entry.shift ? "Shift+" : ""}${entry.letter.toUpperCase()}`;
}

/** The shortcut as a tooltip shows it ("Ctrl+Shift+E", "⌘⇧E"). */
export function shortcutLabel(kind: FormatKind, apple: boolean): string {
  const entry = SHORTCUTS.find((shortcut) => shortcut.kind === kind)!;
  const letter = entry.letter.toUpperCase();
  return apple ? `⌘${entry.shift ? "⇧" : ""}${letter}` : `Ctrl+${entry.shift ? "Shift+" : ""}${letter}`;
}
