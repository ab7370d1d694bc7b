/**
 * Code blocks for articles (issue 26): a fence's info string and meta become a titled, numbered,
 * highlighted block, rendered once at save by the pipeline (app/markdown/markdown.server.ts).
 *
 *   ```ts title="server/main.ts" {1,3-5} showLineNumbers{10}
 *   ```diff-ts                    lines starting with "+" / "-" / " " are a change to TypeScript
 *   ```ts … // [!code ++] / // [!code --] / // [!code highlight]   (Shiki's notation transformers)
 *   ```console (or shell-session) "$ " / "# " / "% " / "❯ " prompts, other lines are output
 *
 * The output is one <figure class="code-block">: a <figcaption> with the title (or the language's
 * name) and Shiki's <pre>. Line numbers are CSS counters and diff signs CSS content (never text);
 * marked lines carry a visually hidden label ("Added: ", "Removed: ", "Highlighted: ") and a
 * prompt is a span, both with class "no-copy": the article page's copy button
 * (app/components/article/code-actions.ts) skips them, removed lines and terminal output, so it
 * copies exactly the code. A plain ```diff stays a patch: copied as written.
 *
 * Bad input never fails a save: an unknown or malformed meta option is ignored, an unknown
 * language is plain text, line ranges are clamped to the block, and a title is text (escaped by
 * rehype-stringify), at most TITLE_MAX characters.
 */
import { transformerMetaHighlight, transformerNotationDiff, transformerNotationHighlight } from "@shikijs/transformers";
import type { Element, ElementContent } from "hast";
import type { Highlighter, ShikiTransformer } from "shiki";

export const TITLE_MAX = 120;
/** Line numbers beyond this (a `{1-999999}` typo) are ignored; blocks are never that long. */
const LINE_MAX = 100_000;

export type CodeMeta = {
  title: string | null;
  /** 1-based inclusive ranges, as written (clamped to the block when rendered). */
  highlight: Array<[number, number]>;
  lineNumbers: boolean;
  /** The first line's number. */
  start: number;
};

/** A number written in a meta string: digits only, within LINE_MAX. */
function lineNumber(text: string): number | null {
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= LINE_MAX ? value : null;
}

function parseRanges(body: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const part of body.split(",")) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!match) continue;
    const from = lineNumber(match[1]!);
    const to = match[2] === undefined ? from : lineNumber(match[2]);
    if (from !== null && to !== null && from <= to) ranges.push([from, to]);
  }
  return ranges;
}

/** A title as text: control characters become spaces, runs of spaces one, at most TITLE_MAX. */
function cleanTitle(raw: string): string | null {
  const text = raw
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") return null;
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
}

/**
 * Reads a fence's meta string. Known options: `title="…"` (or '…', or a bare word), `{1,3-5}`,
 * `showLineNumbers`, `showLineNumbers{N}` / `showLineNumbers=N`. Anything else is ignored.
 */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { title: null, highlight: [], lineNumbers: false, start: 1 };
  if (!meta) return result;
  const source = meta.slice(0, 2_000);
  const token =
    /\s*(?:title=(?:"([^"]*)"|'([^']*)'|([^\s"'{}]+))|\{([^{}]*)\}|(showLineNumbers)(?:\{([^{}]*)\}|=(\S+))?|(\S+))/gy;
  let match: RegExpExecArray | null = token.exec(source);
  while (match && match[0] !== "") {
    const [, double, single, bare, ranges, numbers, startBraces, startEquals] = match;
    const title = double ?? single ?? bare;
    if (title !== undefined && result.title === null) result.title = cleanTitle(title);
    else if (ranges !== undefined) result.highlight.push(...parseRanges(ranges).slice(0, 200));
    else if (numbers !== undefined) {
      result.lineNumbers = true;
      const start = startBraces ?? startEquals;
      if (start !== undefined) result.start = lineNumber(start.trim()) ?? 1;
    }
    match = token.exec(source);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Languages and kinds of block

export type CodeKind = "code" | "diff" | "console";

const LANGUAGE_NAMES: Record<string, string> = {
  javascript: "JavaScript",
  jsx: "JSX",
  typescript: "TypeScript",
  tsx: "TSX",
  json: "JSON",
  bash: "Shell",
  css: "CSS",
  html: "HTML",
  sql: "SQL",
  python: "Python",
  go: "Go",
  rust: "Rust",
  yaml: "YAML",
  diff: "Diff",
  markdown: "Markdown",
  text: "Text",
};

const PLAIN_NAMES = new Set(["text", "txt", "plain", "plaintext"]);

const CONSOLE_LANGUAGES = new Set(["console", "shell-session", "shellsession", "terminal"]);

export type CodeLanguage = { kind: CodeKind; lang: string; label: string };

/**
 * The kind of block and the grammar for a fence's language (`normalize` maps names to a loaded
 * grammar or "text"). `diff-ts` is a change to TypeScript; plain `diff` is a patch.
 */
export function codeLanguage(info: string | undefined, normalize: (lang: string | undefined) => string): CodeLanguage {
  const name = info?.trim().toLowerCase() ?? "";
  if (CONSOLE_LANGUAGES.has(name)) return { kind: "console", lang: "bash", label: "Terminal" };
  if (name.startsWith("diff-") && name.length > 5) {
    const lang = normalize(name.slice(5));
    return { kind: "diff", lang, label: `${LANGUAGE_NAMES[lang] ?? "Code"} diff` };
  }
  const lang = normalize(name);
  // A language without a grammar here (lua, …) is plain text, labelled with the name it was given.
  const given = name.replace(/[^\w+#.-]/g, "").slice(0, 20);
  const label =
    name === "" ? "Code" : lang === "text" && given !== "" && !PLAIN_NAMES.has(given) ? given : LANGUAGE_NAMES[lang];
  return { kind: "code", lang, label: label ?? "Code" };
}

// ---------------------------------------------------------------------------------------------
// Rendering

const hast = {
  el(tagName: string, properties: Element["properties"], children: ElementContent[] = []): Element {
    return { type: "element", tagName, properties, children };
  },
  text(value: string): ElementContent {
    return { type: "text", value };
  },
};

/** Shiki writes `class` (a string), hast builders `className` (a list): read either. */
function classes(node: Element): string[] {
  const value: unknown = node.properties.className ?? node.properties.class;
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(/\s+/).filter(Boolean) : [];
}

function addClass(node: Element, ...names: string[]) {
  const current = classes(node);
  delete node.properties.class;
  node.properties.className = [...current, ...names.filter((name) => !current.includes(name))];
}

/** The lines (`span.line`) of Shiki's <code>, in order. */
function lineElements(code: Element): Element[] {
  return code.children.filter((child): child is Element => child.type === "element" && classes(child).includes("line"));
}

type ShikiOptions = { lang: string; themes: { light: string; dark: string } };

const PROMPT = /^(\$|#|%|❯|>)(?: |$)/;

function expandRanges(ranges: Array<[number, number]>, lineCount: number): string {
  const parts: string[] = [];
  for (const [from, to] of ranges) {
    if (from > lineCount) continue;
    parts.push(from === Math.min(to, lineCount) ? `${from}` : `${from}-${Math.min(to, lineCount)}`);
  }
  return parts.length > 0 ? `{${parts.join(",")}}` : "";
}

function shikiPre(
  highlighter: Highlighter,
  code: string,
  options: ShikiOptions,
  meta: string,
  transformers: ShikiTransformer[],
) {
  const root = highlighter.codeToHast(code, {
    lang: options.lang,
    themes: options.themes,
    defaultColor: "light",
    tokenizeMaxLineLength: 2_000,
    tokenizeTimeLimit: 500,
    meta: { __raw: meta },
    transformers,
  });
  const pre = root.children.find((child): child is Element => child.type === "element" && child.tagName === "pre");
  const codeElement = pre?.children.find(
    (child): child is Element => child.type === "element" && child.tagName === "code",
  );
  if (!pre || !codeElement) return null;
  return { pre, code: codeElement };
}

/** The hidden label a marked line starts with, and the class that shows its sign. */
function markLine(line: Element) {
  const names = classes(line);
  const added = names.includes("add");
  const removed = names.includes("remove");
  const highlighted = names.includes("highlighted");
  if (!added && !removed && !highlighted) return;
  // The light colour becomes a variable on a marked line, so the page's CSS can darken it on the
  // line's tint (github-light's colours fall below 4.5:1 there); other lines keep it inline.
  for (const token of line.children) {
    if (token.type === "element" && typeof token.properties.style === "string") {
      token.properties.style = token.properties.style.replace(/^color:/, "--shiki-light:");
    }
  }
  const what = added ? "Added" : removed ? "Removed" : "Highlighted";
  const label = highlighted && (added || removed) ? `${what}, highlighted: ` : `${what}: `;
  line.children.unshift(
    hast.el("span", { className: ["code-mark", "no-copy"] }, [
      hast.el("span", { className: ["code-sr"] }, [hast.text(label)]),
    ]),
  );
}

/**
 * A code block's <figure>. `highlighter` must have the grammar of `language.lang` loaded.
 * Throws only if Shiki does; the caller falls back to plain text.
 */
export function renderCodeBlock(
  highlighter: Highlighter,
  text: string,
  language: CodeLanguage,
  meta: CodeMeta,
  themes: { light: string; dark: string },
): Element | null {
  const sourceLines = text.split("\n");
  let code = text;
  let lineKinds: Array<"add" | "remove" | "context" | "command" | "output" | null> = [];
  let prompts: Array<string | null> = [];

  if (language.kind === "diff") {
    lineKinds = sourceLines.map((line) => (line.startsWith("+") ? "add" : line.startsWith("-") ? "remove" : "context"));
    code = sourceLines.map((line) => (/^[+\- ]/.test(line) ? line.slice(1) : line)).join("\n");
  } else if (language.kind === "console") {
    let continued = false;
    const anyPrompt = sourceLines.some((line) => PROMPT.test(line));
    prompts = sourceLines.map((line) => {
      const match = PROMPT.exec(line);
      const prompt = anyPrompt && !continued ? (match ? match[0] : null) : "";
      const isCommand = prompt !== null;
      continued = isCommand && /\\$/.test(line);
      return prompt;
    });
    lineKinds = prompts.map((prompt) => (prompt === null ? "output" : "command"));
  }

  const lineCount = sourceLines.length;
  const metaString = expandRanges(meta.highlight, lineCount);
  const transformers: ShikiTransformer[] =
    language.kind === "code"
      ? [
          transformerNotationDiff({ matchAlgorithm: "v3" }),
          transformerNotationHighlight({ matchAlgorithm: "v3" }),
          transformerMetaHighlight(),
        ]
      : [transformerMetaHighlight()];

  let pre: Element;
  let codeElement: Element;
  if (language.kind === "console") {
    // Only the commands are shell: output is shown as it is, uncoloured.
    const commands = sourceLines.flatMap((line, index) =>
      lineKinds[index] === "command" ? [line.slice(prompts[index]?.length ?? 0)] : [],
    );
    const highlighted = shikiPre(highlighter, commands.join("\n"), { lang: language.lang, themes }, "", []);
    if (!highlighted) return null;
    const commandLines = lineElements(highlighted.code);
    const lines: Element[] = [];
    let next = 0;
    sourceLines.forEach((line, index) => {
      if (lineKinds[index] === "command") {
        const element = commandLines[next++] ?? hast.el("span", { className: ["line"] });
        const prompt = prompts[index] ?? "";
        addClass(element, "command");
        if (prompt !== "")
          element.children.unshift(hast.el("span", { className: ["code-prompt", "no-copy"] }, [hast.text(prompt)]));
        lines.push(element);
      } else {
        lines.push(hast.el("span", { className: ["line", "output", "no-copy"] }, line === "" ? [] : [hast.text(line)]));
      }
    });
    const ranges = new Set<number>();
    for (const [from, to] of meta.highlight) for (let n = from; n <= Math.min(to, lineCount); n++) ranges.add(n);
    lines.forEach((line, index) => {
      if (ranges.has(index + 1)) addClass(line, "highlighted");
    });
    pre = highlighted.pre;
    codeElement = highlighted.code;
    codeElement.children = lines.flatMap((line, index) => (index === 0 ? [line] : [hast.text("\n"), line]));
    addClass(pre, "is-console");
  } else {
    const highlighted = shikiPre(highlighter, code, { lang: language.lang, themes }, metaString, transformers);
    if (!highlighted) return null;
    pre = highlighted.pre;
    codeElement = highlighted.code;
    // A removed `// [!code ++]` leaves the space before it: the line ends where the code does.
    lineElements(codeElement).forEach((line, index) => {
      if (!sourceLines[index]?.includes("[!code")) return;
      const last = line.children.at(-1);
      const text = last?.type === "element" ? last.children.at(-1) : last;
      if (text?.type === "text") text.value = text.value.replace(/\s+$/, "");
    });
    if (language.kind === "diff") {
      addClass(pre, "has-diff");
      lineElements(codeElement).forEach((line, index) => {
        const kind = lineKinds[index];
        if (kind === "add") addClass(line, "diff", "add");
        else if (kind === "remove") addClass(line, "diff", "remove", "no-copy");
      });
    }
  }

  const lines = lineElements(codeElement);
  for (const line of lines) {
    const names = classes(line);
    if (names.includes("remove")) addClass(line, "no-copy");
    markLine(line);
  }
  if (lines.some((line) => classes(line).includes("highlighted"))) addClass(pre, "has-highlighted");
  if (lines.some((line) => classes(line).includes("diff"))) addClass(pre, "has-diff");
  if (meta.lineNumbers) {
    addClass(pre, "has-line-numbers");
    if (meta.start !== 1) codeElement.properties.style = `counter-reset:line ${meta.start - 1}`;
  }
  // Shiki already sets tabindex="0": scrollable regions must be keyboard-focusable (axe).
  pre.properties.dataLanguage = language.lang;

  const caption: ElementContent[] = meta.title
    ? [
        hast.el("span", { className: ["code-title"] }, [hast.text(meta.title)]),
        hast.el("span", { className: ["code-lang"] }, [hast.text(language.label)]),
      ]
    : [hast.el("span", { className: ["code-lang"] }, [hast.text(language.label)])];
  return hast.el("figure", { className: ["code-block"], dataKind: language.kind }, [
    hast.el("figcaption", { className: ["code-header"] }, caption),
    pre,
  ]);
}
