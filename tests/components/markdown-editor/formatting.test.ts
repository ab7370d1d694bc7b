import { describe, expect, it } from "vitest";
import {
  applyEdit,
  ariaShortcut,
  type FormatKind,
  formatText,
  linkFromPaste,
  shortcutFor,
  shortcutLabel,
} from "~/components/markdown-editor/formatting";

/**
 * Text with the selection written in it: «selected» or | for a caret. Returns the result in the
 * same notation, so each case reads as before → after.
 */
function parse(marked: string): { value: string; start: number; end: number } {
  const caret = marked.indexOf("|");
  if (caret !== -1) return { value: marked.replace("|", ""), start: caret, end: caret };
  const start = marked.indexOf("«");
  const end = marked.indexOf("»") - 1;
  return { value: marked.replace("«", "").replace("»", ""), start, end };
}

function mark(value: string, start: number, end: number): string {
  if (start === end) return `${value.slice(0, start)}|${value.slice(start)}`;
  return `${value.slice(0, start)}«${value.slice(start, end)}»${value.slice(end)}`;
}

function format(kind: FormatKind, marked: string): string {
  const { value, start, end } = parse(marked);
  const edit = formatText(kind, value, start, end);
  return mark(applyEdit(value, edit), edit.selectionStart, edit.selectionEnd);
}

describe("formatText: bold and italic", () => {
  it("wraps the selection, keeping its surrounding spaces outside, and keeps it selected", () => {
    expect(format("bold", "a «word» here")).toBe("a **«word»** here");
    expect(format("bold", "a« word »here")).toBe("a **«word»** here");
    expect(format("italic", "a «word» here")).toBe("a *«word»* here");
  });

  it("takes the markers away again (around the selection or inside it)", () => {
    expect(format("bold", "a **«word»** here")).toBe("a «word» here");
    expect(format("bold", "a «**word**» here")).toBe("a «word» here");
    expect(format("italic", "a *«word»* here")).toBe("a «word» here");
    // Bold and italic at once: each toggles its own markers.
    expect(format("italic", "***«both»***")).toBe("**«both»**");
    expect(format("bold", "***«both»***")).toBe("*«both»*");
    // Italic is not mistaken for bold, nor bold for italic.
    expect(format("bold", "*«word»*")).toBe("***«word»***");
    expect(format("italic", "**«word»**")).toBe("***«word»***");
  });

  it("takes the word at the caret, or inserts the pair with the caret inside", () => {
    expect(format("bold", "a wo|rd here")).toBe("a **«word»** here");
    expect(format("bold", "a word| here")).toBe("a **«word»** here");
    expect(format("bold", "a | here")).toBe("a **|** here");
    expect(format("italic", "|")).toBe("*|*");
  });

  it("wraps each line of a selection over several lines, after list markers and quotes", () => {
    expect(format("bold", "«one\n\n- two\n> three»")).toBe("«**one**\n\n- **two**\n> **three**»");
    expect(format("bold", "«**one**\n- **two**»")).toBe("«one\n- two»");
  });
});

describe("formatText: code", () => {
  it("wraps inline code, with a longer run of backticks when the code holds some", () => {
    expect(format("code", "run «npm test» now")).toBe("run `«npm test»` now");
    expect(format("code", "«a`b»")).toBe("``«a`b»``");
    expect(format("code", "«`tick»")).toBe("`` «`tick» ``");
    expect(format("code", "run `«npm test»` now")).toBe("run «npm test» now");
    expect(format("code", "in|dex")).toBe("`«index»`");
  });

  it("makes a code block of several lines for inline code, and of the selected lines for a block", () => {
    expect(format("code", "«a\nb»")).toBe("```\n«a\nb»\n```");
    expect(format("codeBlock", "Intro\n«const a = 1;»\nAfter")).toBe("Intro\n\n```\n«const a = 1;»\n```\n\nAfter");
    expect(format("codeBlock", "Intro\n\nco|de\n\nAfter")).toBe("Intro\n\n```\n«code»\n```\n\nAfter");
    expect(format("codeBlock", "|")).toBe("```\n|\n```");
    // A fence inside the code gets a longer fence around it.
    expect(format("codeBlock", "«```js\nx\n```\ntext»")).toBe("````\n«```js\nx\n```\ntext»\n````");
  });

  it("takes the fences away from a selected block", () => {
    expect(format("codeBlock", "«```ts\nconst a = 1;\n```»")).toBe("«const a = 1;»");
  });
});

describe("formatText: link and heading", () => {
  it("links the selected text with the address selected, or a selected address with the caret on the text", () => {
    expect(format("link", "see «the docs» now")).toBe("see [the docs](«url») now");
    expect(format("link", "see «https://example.com/a» now")).toBe("see [|](https://example.com/a) now");
    expect(format("link", "see | now")).toBe("see [|](url) now");
  });

  it("cycles the line through ##, ### and plain text, the caret staying on its text", () => {
    expect(format("heading", "Intro|duction")).toBe("## Intro|duction");
    expect(format("heading", "## Intro|duction")).toBe("### Intro|duction");
    expect(format("heading", "### Intro|duction")).toBe("Intro|duction");
    expect(format("heading", "# Title|")).toBe("## Title|");
    expect(format("heading", "text\n«one\ntwo»\nmore")).toBe("text\n«## one\n## two»\nmore");
  });
});

describe("linkFromPaste", () => {
  it("makes a link of the selected text when an address is pasted over it", () => {
    const edit = linkFromPaste("see the docs", 4, 12, " https://example.com/docs ");
    expect(edit && applyEdit("see the docs", edit)).toBe("see [the docs](https://example.com/docs)");
  });

  it("leaves other pastes to the browser", () => {
    expect(linkFromPaste("see the docs", 4, 4, "https://example.com")).toBeNull();
    expect(linkFromPaste("see the docs", 4, 12, "plain words")).toBeNull();
    expect(linkFromPaste("https://a.example", 0, 17, "https://b.example")).toBeNull();
  });
});

describe("shortcuts", () => {
  const key = (key: string, extra: Partial<KeyboardEvent> = {}) => ({
    key,
    code: `Key${key.toUpperCase()}`,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...extra,
  });

  it("reads Ctrl (⌘ on Apple systems) with B, I, K, E, Shift+E and Shift+H", () => {
    expect(shortcutFor(key("b", { ctrlKey: true }), false)).toBe("bold");
    expect(shortcutFor(key("i", { metaKey: true }), true)).toBe("italic");
    expect(shortcutFor(key("k", { ctrlKey: true }), false)).toBe("link");
    expect(shortcutFor(key("e", { ctrlKey: true }), false)).toBe("code");
    expect(shortcutFor(key("E", { ctrlKey: true, shiftKey: true }), false)).toBe("codeBlock");
    expect(shortcutFor(key("H", { ctrlKey: true, shiftKey: true }), false)).toBe("heading");
  });

  it("ignores other keys and modifiers, and reads the key's position on other layouts", () => {
    expect(shortcutFor(key("b"), false)).toBeNull();
    expect(shortcutFor(key("b", { metaKey: true }), false)).toBeNull();
    expect(shortcutFor(key("b", { ctrlKey: true }), true)).toBeNull();
    expect(shortcutFor(key("b", { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutFor(key("h", { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(key("x", { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor({ ...key("и", { ctrlKey: true }), code: "KeyB" }, false)).toBe("bold");
  });

  it("names the shortcuts for aria-keyshortcuts and tooltips", () => {
    expect(ariaShortcut("codeBlock", false)).toBe("Control+Shift+E");
    expect(ariaShortcut("bold", true)).toBe("Meta+B");
    expect(shortcutLabel("bold", false)).toBe("Ctrl+B");
    expect(shortcutLabel("heading", true)).toBe("⌘⇧H");
  });
});
