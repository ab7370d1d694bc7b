/**
 * Math: `$…$` (inline), `$$…$$` and ```` ```math ```` (display), rendered at save by KaTeX to HTML
 * and MathML (no JavaScript on the page; the page adds KaTeX's stylesheet only when the HTML has
 * math, see MATH_MARKER).
 *
 * remark-math finds the formulas; they reach the sanitizer as `<code class="language-math">` text,
 * like any code. After sanitizing, KaTeX renders that text (trust off: no \href, \url, \html*…;
 * its output escapes the source) and the result is inserted as-is, the way Shiki's output is. A
 * formula that does not parse is shown as its source with a visible note, never an error page.
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import katex from "katex";
import type { Parent as MdastParent, Root as MdastRoot, RootContent as MdastContent } from "mdast";

/** Present in stored HTML exactly when it holds rendered math: pages add KaTeX's CSS then. */
export const MATH_MARKER = 'class="katex';

/** A formula longer than this is shown as its source: KaTeX would hold the save for long. */
const MAX_FORMULA = 5_000;

/**
 * remark plugin, after remark-math: a `$…$` pair that is more likely money than math (content
 * that starts or ends with a space, or a closing `$` followed by a digit: "costs $5 and $10")
 * goes back to being text, as Pandoc reads it.
 */
export function remarkDollarAmounts() {
  return (tree: MdastRoot, file: { value: unknown }) => {
    const source = String(file.value);
    const visit = (parent: MdastParent) => {
      const children = parent.children as MdastContent[];
      for (let index = 0; index < children.length; index++) {
        const node = children[index]!;
        if (node.type === "inlineMath") {
          const start = node.position?.start.offset;
          const end = node.position?.end.offset;
          if (start === undefined || end === undefined) continue;
          const raw = source.slice(start, end);
          const single = raw.startsWith("$") && !raw.startsWith("$$");
          const after = source[end] ?? "";
          const inner = raw.slice(1, -1);
          if (single && (/^\s|\s$/.test(inner) || /\d/.test(after))) {
            children[index] = { type: "text", value: raw, position: node.position };
          }
          continue;
        }
        if ("children" in node) visit(node as MdastParent);
      }
    };
    visit(tree);
  };
}

export type MathNode = { parent: Root | Element; node: Element; display: boolean };

/** `<code class="language-math">` (inline) or its `<pre>` (display), found while walking. */
export function isMathCode(node: Element): boolean {
  if (node.tagName !== "code") return false;
  const className = node.properties.className;
  return Array.isArray(className) && className.includes("language-math");
}

function errorNote(source: string, message: string, display: boolean): Element {
  const note = message.replace(/^KaTeX parse error: /, "").slice(0, 200);
  const code: Element = {
    type: "element",
    tagName: "code",
    properties: {},
    children: [{ type: "text", value: source }],
  };
  const text: Element = {
    type: "element",
    tagName: display ? "p" : "small",
    properties: { className: ["math-error-note"] },
    children: [{ type: "text", value: `${display ? "" : " "}(This formula could not be shown: ${note})` }],
  };
  return {
    type: "element",
    tagName: display ? "div" : "span",
    properties: { className: ["math-error"] },
    children: display
      ? [{ type: "element", tagName: "pre", properties: { tabIndex: 0 }, children: [code] }, text]
      : [code, text],
  };
}

/** Renders one formula in place (KaTeX output as a raw node; the stringifier writes it as-is). */
export function renderMath({ parent, node, display }: MathNode): void {
  const source = hastToString(node).replace(/\n$/, "");
  let replacement: ElementContent | RootContent;
  try {
    if (source.length > MAX_FORMULA) throw new Error(`longer than ${MAX_FORMULA} characters`);
    const html = katex.renderToString(source, {
      displayMode: display,
      output: "htmlAndMathml",
      throwOnError: true,
      trust: false,
      strict: "ignore",
      maxSize: 20,
      maxExpand: 500,
    });
    replacement = display
      ? {
          type: "element",
          tagName: "div",
          properties: { className: ["math-display"], tabIndex: 0 },
          children: [{ type: "raw", value: html } as unknown as ElementContent],
        }
      : ({ type: "raw", value: html } as unknown as ElementContent);
  } catch (error) {
    replacement = errorNote(source, error instanceof Error ? error.message : String(error), display);
  }
  const index = parent.children.indexOf(node as never);
  if (index !== -1) parent.children[index] = replacement as never;
}
