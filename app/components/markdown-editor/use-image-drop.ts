/**
 * Images pasted or dropped on a markdown textarea (JavaScript): each file is uploaded with
 * `upload` and `![alt](url)` is inserted at the cursor (or where the pointer dropped it), as its
 * own paragraph, with the cursor left between the brackets when there is no alt text yet. Text
 * pastes are left to the browser.
 */
import { type ClipboardEvent, type DragEvent, useRef, useState } from "react";
import { imageMarkdown } from "~/lib/media";

type Uploaded = { url: string; alt: string | null } | null | undefined;

function imageFiles(list: FileList | null | undefined) {
  return [...(list ?? [])].filter((file) => file.type.startsWith("image/") || file.type === "");
}

export function useImageDrop(upload: (file: File) => Promise<Uploaded>) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [dragging, setDragging] = useState(false);

  /** Inserts `text` at the textarea's cursor (replacing a selection) and tells the form. */
  function insertAtCursor(text: string, caretOffset = text.length) {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const start = textarea.selectionStart ?? textarea.value.length;
    const end = textarea.selectionEnd ?? start;
    const before = textarea.value.slice(0, start);
    // An image is its own paragraph.
    const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    textarea.setRangeText(`${lead}${text}`, start, end, "end");
    textarea.selectionStart = textarea.selectionEnd = start + lead.length + caretOffset;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    textarea.focus();
  }

  /** Uploads `files` one by one and inserts each at the cursor. */
  async function insertImages(files: Iterable<File>) {
    for (const file of files) {
      const uploaded = await upload(file);
      // The cursor goes between the brackets: the alt text is what to write next.
      if (uploaded) insertAtCursor(imageMarkdown(uploaded.url, uploaded.alt), uploaded.alt ? undefined : 2);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = imageFiles(event.clipboardData?.files);
    if (files.length === 0) return; // text: the browser pastes it
    event.preventDefault();
    void insertImages(files);
  }

  function onDragOver(event: DragEvent<HTMLTextAreaElement>) {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    setDragging(false);
    const files = imageFiles(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    // Drop where the pointer is, when the browser can tell.
    const position = (
      document as Document & {
        caretPositionFromPoint?: (x: number, y: number) => { offset: number; offsetNode: Node } | null;
      }
    ).caretPositionFromPoint?.(event.clientX, event.clientY);
    const textarea = textareaRef.current;
    // Only a position inside the textarea itself (Chrome and Firefox report the control).
    if (position && textarea && position.offsetNode === textarea) {
      textarea.selectionStart = textarea.selectionEnd = position.offset;
    }
    void insertImages(files);
  }

  return {
    textareaRef,
    dragging,
    insertImages,
    textareaProps: { ref: textareaRef, onPaste, onDragOver, onDragLeave: () => setDragging(false), onDrop },
  };
}
