/**
 * What JavaScript adds to a markdown textarea (found by its id, so every editor's own textarea
 * works unchanged): the formatting of the toolbar and its shortcuts, a URL pasted over selected
 * text becoming a link, and pasted HTML becoming Markdown. Edits go through the browser's
 * insertText command, so Undo takes them back, and the input event tells the form.
 */
import { type ClipboardEvent, type KeyboardEvent, useMemo } from "react";
import { applyEdit, type FormatKind, formatText, linkFromPaste, shortcutFor, type TextEdit } from "./formatting";
import { convertsPastedHtml } from "./paste";

// The converter (turndown) is fetched on the first focus of a field, never with the page.
let converter: Promise<typeof import("~/lib/html-to-markdown")> | null = null;
function loadConverter() {
  converter ??= import("~/lib/html-to-markdown");
  return converter;
}

/** Replaces the edit's range as typing would (Undo takes it back), then selects what it says. */
export function applyToTextarea(textarea: HTMLTextAreaElement, edit: TextEdit) {
  const expected = applyEdit(textarea.value, edit);
  textarea.focus();
  if (edit.from !== edit.to || edit.insert !== "") {
    textarea.setSelectionRange(edit.from, edit.to);
    let done = false;
    try {
      done =
        edit.insert === ""
          ? document.execCommand("delete", false)
          : document.execCommand("insertText", false, edit.insert);
    } catch {
      done = false;
    }
    if (!done || textarea.value !== expected) {
      textarea.value = expected;
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
}

/** Markdown with blocks in it starts and ends on lines of its own. */
function asBlock(value: string, from: number, to: number, markdown: string): string {
  if (!markdown.includes("\n")) return markdown;
  const before = value.slice(0, from);
  const after = value.slice(to);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const trail = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  return `${lead}${markdown}${trail}`;
}

export function useMarkdownEditing(textareaId: string) {
  const apple = useMemo(
    () => typeof navigator !== "undefined" && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent),
    [],
  );

  function textarea(): HTMLTextAreaElement | null {
    const element = typeof document === "undefined" ? null : document.getElementById(textareaId);
    return element instanceof HTMLTextAreaElement ? element : null;
  }

  function format(kind: FormatKind) {
    const field = textarea();
    if (!field || field.readOnly || field.disabled) return;
    applyToTextarea(field, formatText(kind, field.value, field.selectionStart, field.selectionEnd));
  }

  function isOurs(target: EventTarget): target is HTMLTextAreaElement {
    return target instanceof HTMLTextAreaElement && target.id === textareaId;
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!isOurs(event.target)) return;
    const kind = shortcutFor(event.nativeEvent, apple);
    if (!kind) return;
    event.preventDefault();
    format(kind);
  }

  function onFocus(event: { target: EventTarget }) {
    if (isOurs(event.target)) void loadConverter();
  }

  function onPaste(event: ClipboardEvent<HTMLElement>) {
    // Images were taken already (useImageDrop).
    if (event.defaultPrevented || !isOurs(event.target)) return;
    const field = event.target;
    const data = event.clipboardData;
    const { value, selectionStart: start, selectionEnd: end } = field;
    const link = linkFromPaste(value, start, end, data.getData("text/plain"));
    if (link) {
      event.preventDefault();
      applyToTextarea(field, link);
      return;
    }
    const html = data.getData("text/html");
    if (!convertsPastedHtml({ types: [...data.types], html }, value, start)) return;
    event.preventDefault();
    const plain = data.getData("text/plain");
    void loadConverter().then(({ htmlToMarkdown }) => {
      const markdown = htmlToMarkdown(html) || plain;
      // Typing while the converter loaded moved things: paste where the selection is now.
      const [from, to] = field.value === value ? [start, end] : [field.selectionStart, field.selectionEnd];
      const insert = asBlock(field.value, from, to, markdown);
      applyToTextarea(field, {
        from,
        to,
        insert,
        selectionStart: from + insert.length,
        selectionEnd: from + insert.length,
      });
    });
  }

  return { apple, format, handlers: { onKeyDown, onPaste, onFocus } };
}
