/**
 * Code highlighting with Shiki, after sanitizing (see markdown.server.ts): the highlighter is made
 * once with the site's languages and the JavaScript regex engine, and each block is highlighted
 * once and kept (frozen) in a bounded cache. Articles get the whole code block
 * (code-blocks.server.ts: title, line marks, numbers, diff, terminal); comments a plain <pre>.
 */
import type { Element, Root } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import { createHighlighter, type Highlighter } from "shiki";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { codeLanguage, parseCodeMeta, renderCodeBlock } from "./code-blocks.server";

/** A code block found by the tree walk: highlighting replaces `pre` in `parent`. */
export type CodeBlock = { parent: Root | Element; pre: Element };

const THEMES = { light: "github-light", dark: "github-dark" } as const;

const LANGUAGES = [
  "javascript",
  "jsx",
  "typescript",
  "tsx",
  "json",
  "bash",
  "css",
  "html",
  "sql",
  "python",
  "go",
  "rust",
  "yaml",
  "diff",
  "markdown",
] as const;

/** Info-string names → loaded grammar; anything else is highlighted as plain text. */
const LANGUAGE_ALIASES: Record<string, string> = {
  js: "javascript",
  javascript: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  node: "javascript",
  jsx: "jsx",
  ts: "typescript",
  typescript: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  json: "json",
  jsonc: "json",
  json5: "json",
  bash: "bash",
  sh: "bash",
  shell: "bash",
  shellscript: "bash",
  zsh: "bash",
  console: "bash",
  css: "css",
  html: "html",
  htm: "html",
  xhtml: "html",
  sql: "sql",
  postgres: "sql",
  postgresql: "sql",
  psql: "sql",
  python: "python",
  py: "python",
  go: "go",
  golang: "go",
  rust: "rust",
  rs: "rust",
  yaml: "yaml",
  yml: "yaml",
  diff: "diff",
  patch: "diff",
  markdown: "markdown",
  md: "markdown",
};

const PLAIN = "text";

/** Longer code is shown unhighlighted: tokenizing it would stall a save for little benefit. */
const MAX_HIGHLIGHT_CHARS = 100_000;

export function normalizeLanguage(lang: string | undefined): string {
  if (!lang) return PLAIN;
  return LANGUAGE_ALIASES[lang.trim().toLowerCase()] ?? PLAIN;
}

let highlighterPromise: Promise<Highlighter> | undefined;

/**
 * One highlighter per process, created on first use, with the JavaScript regex engine: it needs no
 * Oniguruma WASM and, measured here (Node 24, 15 languages, 2 themes), starts and tokenizes about
 * as fast (import + create + first TS block ≈ 265 ms vs ≈ 235 ms for WASM; steady state ~15% faster).
 */
function getHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= createHighlighter({
    themes: [THEMES.light, THEMES.dark],
    langs: [...LANGUAGES],
    engine: createJavaScriptRegexEngine(),
  }).catch((error: unknown) => {
    highlighterPromise = undefined; // let the next render retry
    throw error;
  });
  return highlighterPromise;
}

/**
 * Highlighted <pre> trees by language + code, least recently used evicted first. Entries are
 * deep-frozen and shared between documents: after highlighting, nothing but rehype-stringify
 * (which only reads) touches a tree, and the trees never leave this module.
 */
const highlightCache = new Map<string, Element>();
export const HIGHLIGHT_CACHE_LIMIT = 2_000;

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === "object" && !Object.isFrozen(child)) deepFreeze(child);
  }
  return Object.freeze(value);
}

function highlightToPre(highlighter: Highlighter, code: string, lang: string): Element | null {
  const root = highlighter.codeToHast(code, {
    lang,
    themes: THEMES,
    defaultColor: "light",
    tokenizeMaxLineLength: 2_000,
    tokenizeTimeLimit: 500,
  });
  const pre = root.children.find((child): child is Element => child.type === "element" && child.tagName === "pre");
  if (!pre) return null;
  // Shiki already sets tabindex="0": scrollable regions must be keyboard-focusable (axe).
  pre.properties.dataLanguage = lang;
  return pre;
}

function highlight(highlighter: Highlighter, code: string, lang: string): Element | null {
  const key = `${lang}\u0000${code}`;
  const cached = highlightCache.get(key);
  if (cached) {
    highlightCache.delete(key);
    highlightCache.set(key, cached);
    return cached;
  }
  let pre: Element | null;
  try {
    pre = highlightToPre(highlighter, code, code.length > MAX_HIGHLIGHT_CHARS ? PLAIN : lang);
  } catch {
    try {
      pre = highlightToPre(highlighter, code, PLAIN);
    } catch {
      pre = null;
    }
  }
  if (!pre) return null;
  highlightCache.set(key, deepFreeze(pre));
  if (highlightCache.size > HIGHLIGHT_CACHE_LIMIT) {
    const oldest = highlightCache.keys().next().value;
    if (oldest !== undefined) highlightCache.delete(oldest);
  }
  return pre;
}

/** For tests and benchmarks. */
export function clearHighlightCache(): void {
  highlightCache.clear();
}

function classLanguage(code: Element): string | undefined {
  const className = code.properties.className;
  const classes: unknown[] = Array.isArray(className) ? className : String(className ?? "").split(/\s+/);
  for (const name of classes) {
    if (typeof name === "string" && name.startsWith("language-")) return name.slice("language-".length);
  }
  return undefined;
}

/** The `<code>` inside a `<pre>`, if any. */
export function codeChild(pre: Element): Element | undefined {
  return pre.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
}

/** The fence's language and meta: `ts {1}`, and `ts{1}` written without the space. */
function fenceInfo(code: Element): { lang: string | undefined; meta: string } {
  let lang = classLanguage(code);
  let meta = typeof code.properties.dataMeta === "string" ? code.properties.dataMeta : "";
  const brace = lang?.indexOf("{") ?? -1;
  if (lang !== undefined && brace > 0) {
    meta = `${lang.slice(brace)} ${meta}`;
    lang = lang.slice(0, brace);
  }
  return { lang, meta };
}

/**
 * Highlights code blocks in place. Articles (`figures`) get the whole code block (title, line
 * marks, numbers, diff, terminal: app/markdown/code-blocks.server.ts); comments a plain <pre>.
 */
export async function highlightCodeBlocks(codeBlocks: CodeBlock[], figures = false): Promise<void> {
  if (codeBlocks.length === 0) return;
  const highlighter = await getHighlighter();
  for (const { parent, pre } of codeBlocks) {
    const code = codeChild(pre);
    if (!code) {
      pre.properties.tabIndex = 0;
      continue;
    }
    // mdast-util-to-hast ends the code text with a newline; Shiki would render it as an empty line.
    const text = hastToString(code).replace(/\n$/, "");
    const highlighted = figures
      ? figure(highlighter, text, fenceInfo(code))
      : highlight(highlighter, text, normalizeLanguage(classLanguage(code)));
    const index = parent.children.indexOf(pre);
    if (highlighted && index !== -1) parent.children[index] = highlighted;
    else {
      delete code.properties.dataMeta;
      pre.properties.tabIndex = 0;
    }
  }
}

/** An article's code block (cached like highlight(), by everything that shapes it). */
function figure(
  highlighter: Highlighter,
  code: string,
  info: { lang: string | undefined; meta: string },
): Element | null {
  const language = codeLanguage(info.lang, normalizeLanguage);
  const meta = parseCodeMeta(info.meta);
  const key = `figure\u0000${language.kind}\u0000${language.lang}\u0000${language.label}\u0000${JSON.stringify(meta)}\u0000${code}`;
  const cached = highlightCache.get(key);
  if (cached) {
    highlightCache.delete(key);
    highlightCache.set(key, cached);
    return cached;
  }
  let result: Element | null;
  const tooLong = code.length > MAX_HIGHLIGHT_CHARS;
  try {
    result = renderCodeBlock(highlighter, code, tooLong ? { ...language, lang: PLAIN } : language, meta, THEMES);
  } catch {
    try {
      result = renderCodeBlock(highlighter, code, { ...language, lang: PLAIN }, meta, THEMES);
    } catch {
      result = null;
    }
  }
  if (!result) return null;
  highlightCache.set(key, deepFreeze(result));
  if (highlightCache.size > HIGHLIGHT_CACHE_LIMIT) {
    const oldest = highlightCache.keys().next().value;
    if (oldest !== undefined) highlightCache.delete(oldest);
  }
  return result;
}
