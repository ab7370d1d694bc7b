/**
 * Callouts: GitHub's alert syntax, a quote whose first line is only `[!NOTE]`, `[!TIP]`,
 * `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case):
 *
 *   > [!WARNING]
 *   > Back up the database first.
 *
 * becomes `<aside class="callout callout-warning" role="note">` that starts with a title (an icon
 * hidden from screen readers, then the word: never colour alone). Applied to the sanitized tree
 * (the marker is plain text to the sanitizer), like heading ids; any other quote is left alone.
 */
import type { Element, ElementContent } from "hast";

export const CALLOUT_KINDS = ["note", "tip", "important", "warning", "caution"] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

const LABELS: Record<CalloutKind, string> = {
  note: "Note",
  tip: "Tip",
  important: "Important",
  warning: "Warning",
  caution: "Caution",
};

/** 16×16 outline icons (drawn for this site), stroked in the callout's colour. */
const ICONS: Record<CalloutKind, string> = {
  note: "M8 1.75a6.25 6.25 0 1 0 0 12.5A6.25 6.25 0 0 0 8 1.75ZM8 7.25v4M8 4.75v.01",
  tip: "M5.5 11.5h5M6.25 14h3.5M8 1.75a4.25 4.25 0 0 0-2.5 7.7v2.05h5V9.45A4.25 4.25 0 0 0 8 1.75Z",
  important: "M2.25 2.25h11.5v9h-6l-3 2.5v-2.5h-2.5ZM8 4.75v3.5M8 10.25v.01",
  warning: "M8 1.75 14.5 13.5h-13ZM8 6.25v3.5M8 11.75v.01",
  caution: "M5.4 1.75h5.2l3.65 3.65v5.2l-3.65 3.65H5.4L1.75 10.6V5.4ZM8 4.75v3.75M8 11.25v.01",
};

const MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\r?\n|$)/i;

function isElement(node: ElementContent | undefined, tagName: string): node is Element {
  return node?.type === "element" && node.tagName === tagName;
}

/**
 * The callout a sanitized `<blockquote>` stands for (its marker removed), or null when it is a
 * plain quote. The blockquote's content is moved into the returned aside.
 */
export function calloutFor(blockquote: Element): Element | null {
  const firstIndex = blockquote.children.findIndex((child) => child.type === "element");
  const first = blockquote.children[firstIndex];
  if (!isElement(first, "p")) return null;
  const text = first.children[0];
  if (text?.type !== "text") return null;
  const match = MARKER.exec(text.value);
  if (!match) return null;
  // The marker must be alone on its line: `[!NOTE] text` on one line stays a quote (as on GitHub).
  if (text.value.length > match[0].length || first.children.length > 1) {
    if (!/\n/.test(match[0])) return null;
  }
  const kind = match[1]!.toLowerCase() as CalloutKind;
  text.value = text.value.slice(match[0].length);
  const body = blockquote.children.slice();
  // Drop the first paragraph when the marker was all it held.
  if (first.children.length === 1 && text.value.trim() === "") body.splice(firstIndex, 1);
  const icon: Element = {
    type: "element",
    tagName: "svg",
    properties: {
      className: ["callout-icon"],
      viewBox: "0 0 16 16",
      width: 16,
      height: 16,
      ariaHidden: "true",
      focusable: "false",
    },
    children: [
      {
        type: "element",
        tagName: "path",
        properties: {
          d: ICONS[kind],
          fill: "none",
          stroke: "currentColor",
          strokeWidth: "1.5",
          strokeLinecap: "round",
          strokeLinejoin: "round",
        },
        children: [],
      },
    ],
  };
  const title: Element = {
    type: "element",
    tagName: "p",
    properties: { className: ["callout-title"] },
    children: [icon, { type: "text", value: LABELS[kind] }],
  };
  return {
    type: "element",
    tagName: "aside",
    properties: { className: ["callout", `callout-${kind}`], role: "note" },
    children: [title, ...body],
  };
}
