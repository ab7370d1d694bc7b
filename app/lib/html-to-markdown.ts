/**
 * HTML to Markdown: turndown (with its GitHub-flavoured plugin: tables, strikethrough, task
 * lists), set up once for the site's Markdown: ATX headings, fenced code blocks with their
 * language, "-" bullets. Used by the importer (Ghost's HTML, on the server) and by the article
 * editor when HTML is pasted (in the browser, loaded on demand: never on reading pages).
 *
 * The HTML is only parsed, never rendered: turndown reads it through an inert document
 * (DOMParser in the browser, domino on the server), so no script or event handler in it runs;
 * what comes out is Markdown, which the markdown pipeline sanitizes when it renders it.
 */
import TurndownService from "turndown";
// @ts-expect-error: turndown-plugin-gfm ships no types
import { gfm } from "turndown-plugin-gfm";

/** The elements whose content is dropped with them (never text the writer meant to paste). */
const DROPPED = ["script", "style", "iframe", "object", "embed", "form", "noscript", "template", "button", "select"];

/** Class names and attributes pages use to say a code block's language. */
const LANGUAGE_PATTERNS = [
  /(?:^|\s)(?:language|lang)-([\w+#.-]+)/,
  /(?:^|\s)highlight-(?:source|text)-([\w+#.-]+)/,
  /(?:^|\s)brush:\s*([\w+#.-]+)/,
];

function languageOf(element: HTMLElement | null): string {
  for (let node = element, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
    const named = node.getAttribute("data-lang") ?? node.getAttribute("data-language");
    if (named && /^[\w+#.-]{1,30}$/.test(named)) return named.toLowerCase();
    const className = node.getAttribute("class") ?? "";
    for (const pattern of LANGUAGE_PATTERNS) {
      const match = pattern.exec(className);
      if (match?.[1]) return match[1].toLowerCase();
    }
  }
  return "";
}

/** A fence longer than any run of backticks in the code, so the code can hold fences itself. */
function fenceFor(code: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  return "`".repeat(Math.max(3, longest + 1));
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
    hr: "---",
  });
  service.use(gfm);
  service.remove(DROPPED as (keyof HTMLElementTagNameMap)[]);
  // Every <pre> is a fenced block (with or without a <code> inside, as documentation sites and
  // highlighters write them), its language from the classes or data attributes around it.
  service.addRule("preformatted", {
    filter: (node) => node.nodeName === "PRE",
    replacement: (_content, node) => {
      const pre = node as HTMLElement;
      const code = pre.querySelector("code");
      const text = (pre.textContent ?? "").replace(/\n$/, "");
      const fence = fenceFor(text);
      const language = languageOf(code) || languageOf(pre);
      return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
    },
  });
  // Word processors: Google Docs wraps a whole copy in <b style="font-weight:normal">, and says
  // bold and italic with styles on spans.
  service.addRule("notBold", {
    filter: (node) => node.nodeName === "B" && /font-weight:\s*(?:normal|[1-5]00)\b/i.test(styleOf(node)),
    replacement: (content) => content,
  });
  service.addRule("styledSpan", {
    filter: (node) =>
      node.nodeName === "SPAN" && /font-weight:\s*(?:bold|[6-9]00)|font-style:\s*italic/i.test(styleOf(node)),
    replacement: (content, node) => {
      const style = styleOf(node);
      if (content.trim() === "") return content;
      const bold = /font-weight:\s*(?:bold|[6-9]00)/i.test(style) ? "**" : "";
      const italic = /font-style:\s*italic/i.test(style) ? "*" : "";
      // Markers hug the text: "**bold **" would not be bold.
      const text = content.trim();
      const lead = content.slice(0, content.indexOf(text));
      const trail = content.slice(lead.length + text.length);
      return `${lead}${bold}${italic}${text}${italic}${bold}${trail}`;
    },
  });
  return service;
}

function styleOf(node: Node): string {
  return (node as HTMLElement).getAttribute("style") ?? "";
}

let service: TurndownService | null = null;

/** The Markdown for an HTML fragment or document (trimmed; "" for nothing readable). */
export function htmlToMarkdown(html: string): string {
  service ??= createService();
  return service.turndown(html).trim();
}
