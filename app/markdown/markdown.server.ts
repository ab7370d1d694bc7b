/**
 * The one content pipeline: markdown → safe HTML, table of contents, preview and reading time.
 * Articles are rendered once at save time (and by the seed); reads never parse markdown.
 *
 *   remark-parse → remark-gfm → remark-rehype (raw HTML dropped) → rehype-sanitize (GitHub's
 *   defaultSchema) → one walk: heading ids + TOC, external link rel, image checks → Shiki
 *   (trusted, after sanitizing; memoized per language + code) → rehype-stringify
 *
 * Everything the author controls passes the sanitizer. Shiki runs after it because it emits
 * inline `style` (colours) that the sanitizer would strip; its input is the plain text of the
 * code block and its output is hast text nodes, which rehype-stringify escapes, so code content
 * can never become markup.
 *
 * Code colours: light theme inline (`color:#…`), dark theme as `--shiki-dark*` variables. The page
 * switches without JS via CSS, e.g.
 *
 *   @media (prefers-color-scheme: dark) {
 *     .shiki, .shiki span { color: var(--shiki-dark) !important; background-color: var(--shiki-dark-bg) !important; }
 *   }
 */
import type { Element, ElementContent, Root } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import rehypeSanitize, { defaultSchema, type Options as Schema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { TocEntry } from "~/db/schema";
import { headingId, isLongArticle, PREVIEW_PARAGRAPHS, readingMinutes, splitParagraphs } from "~/lib/content";
import { calloutFor } from "./callouts.server";
import { type CodeBlock, codeChild, highlightCodeBlocks } from "./highlight.server";
import { isMathCode, type MathNode, remarkDollarAmounts, renderMath } from "./math.server";
import { pictureFor, type UploadedImage, uploadHash } from "./pictures.server";
import { configuredSiteUrl } from "~/env.server";

export type RenderedMarkdown = { html: string; previewHtml: string | null; toc: TocEntry[]; readingMinutes: number };

export type RenderOptions = {
  /**
   * The site's own origin; absolute links to any other host get rel="noopener noreferrer".
   * Defaults to the SITE_URL setting; without it every absolute http(s) link is external.
   */
  siteUrl?: string;
  /**
   * Uploaded images by hash: an image whose URL is /media/{hash}.{ext} becomes a <picture> with
   * an AVIF source, WebP srcset, sizes, width and height (no layout shift, no oversized download).
   */
  images?: ReadonlyMap<string, UploadedImage>;
};

// ---------------------------------------------------------------------------------------------
// After sanitizing: heading ids, table of contents, links, images, then code highlighting

const HEADING = /^h[1-6]$/;

function siteHost(siteUrl: string | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).host.toLowerCase();
  } catch {
    return null;
  }
}

function isExternal(href: string, siteHost: string | null): boolean {
  if (!/^(?:https?:)?\/\//i.test(href)) return false; // relative, #fragment, mailto:, …
  try {
    return new URL(href, "https://relative.invalid").host.toLowerCase() !== siteHost;
  } catch {
    return true;
  }
}

/** Only absolute http(s) (or protocol-relative) and site-relative ("/…") image sources. */
function isAllowedImageSource(src: string): boolean {
  return /^(?:https?:)?\/\/[^/]/i.test(src) || /^\/(?!\/)/.test(src);
}

type Enhanced = { toc: TocEntry[]; codeBlocks: CodeBlock[]; math: MathNode[] };

/**
 * A heading and its self-link, side by side (GitHub's shape): the link sits outside the heading,
 * so the heading's name (outline, table of contents) stays its text; the link is named for it.
 */
function withSelfLink(heading: Element, id: string, text: string): Element {
  return {
    type: "element",
    tagName: "div",
    properties: { className: ["heading-wrap"] },
    children: [
      heading,
      {
        type: "element",
        tagName: "a",
        properties: {
          className: ["heading-anchor"],
          href: `#${id}`,
          ariaLabel: `Link to this section: ${text}`,
        },
        children: [
          {
            type: "element",
            tagName: "span",
            properties: { ariaHidden: "true" },
            children: [{ type: "text", value: "#" }],
          },
        ],
      },
    ],
  };
}

/**
 * One walk over the sanitized tree (a single hand-rolled pass: unist-util-visit per plugin was
 * the biggest cost in profiles). Code blocks and formulas are collected, not entered; quotes that
 * are callouts become asides; headings get an id and a self-link.
 */
function enhance(tree: Root, host: string | null, images: ReadonlyMap<string, UploadedImage> | undefined): Enhanced {
  const toc: TocEntry[] = [];
  let imageCount = 0;
  const codeBlocks: CodeBlock[] = [];
  const math: MathNode[] = [];
  // The only ids at this point are remark-rehype's footnote ids ("user-content-fn-1",
  // "user-content-fnref-1", "footnote-label"), which links and aria refer to. Headings stay out of
  // that namespace whether or not this document has footnotes, so a preview (which may lack them)
  // numbers its headings exactly like the full article.
  const used = new Set<string>(["footnote-label"]);

  const walk = (parent: Root | Element, inFootnotes: boolean) => {
    const children = parent.children;
    for (let index = 0; index < children.length; index++) {
      let node = children[index]!;
      if (node.type !== "element") continue;
      if (node.tagName === "blockquote") {
        const callout = calloutFor(node);
        if (callout) {
          children[index] = callout;
          node = callout;
        }
      }
      const { tagName, properties } = node;
      if (tagName === "pre") {
        const code = codeChild(node);
        if (code && isMathCode(code)) math.push({ parent, node, display: true });
        else codeBlocks.push({ parent, pre: node });
        continue;
      }
      if (tagName === "code" && isMathCode(node)) {
        math.push({ parent, node, display: false });
        continue;
      }
      let selfLink: { id: string; text: string } | null = null;
      if (HEADING.test(tagName) && typeof properties.id !== "string") {
        const text = hastToString(node).replace(/\s+/g, " ").trim();
        let base = headingId(text);
        if (base.startsWith("user-content-")) base = `section-${base}`;
        let id = base;
        for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
        used.add(id);
        properties.id = id;
        if ((tagName === "h2" || tagName === "h3") && !inFootnotes && text !== "") {
          toc.push({ depth: tagName === "h2" ? 2 : 3, id, text });
        }
        if (!inFootnotes && text !== "") selfLink = { id, text };
      } else if (tagName === "a" && typeof properties.href === "string") {
        if (isExternal(properties.href.trim(), host)) properties.rel = ["noopener", "noreferrer"];
      } else if (tagName === "img") {
        const src = typeof properties.src === "string" ? properties.src.trim() : "";
        if (!isAllowedImageSource(src)) {
          // A dropped (e.g. javascript:) or page-relative source: keep the alt text only.
          const alt = typeof properties.alt === "string" ? properties.alt : "";
          const replacement: ElementContent[] = alt ? [{ type: "text", value: alt }] : [];
          children.splice(index, 1, ...replacement);
          index += replacement.length - 1;
          continue;
        }
        // The first image is likely in the first screen: load it at once; the others when near.
        if (imageCount++ > 0) properties.loading = "lazy";
        properties.decoding = "async";
        const hash = images ? uploadHash(src, host) : null;
        const image = hash ? images?.get(hash) : undefined;
        if (image) {
          children[index] = pictureFor(node, image);
          continue;
        }
      }
      walk(node, inFootnotes || (tagName === "section" && properties.dataFootnotes !== undefined));
      if (selfLink) children[index] = withSelfLink(node, selfLink.id, selfLink.text);
    }
  };
  walk(tree, false);
  return { toc, codeBlocks, math };
}

// ---------------------------------------------------------------------------------------------
// The pipeline

/**
 * remark-rehype keeps a fence's meta (`title="…" {1,3}`) only in node data, which the sanitizer
 * drops: it travels as a `data-meta` attribute instead (allowed on <code> and nothing else, read
 * and removed when the block is highlighted).
 */
function rehypeFenceMeta() {
  const visit = (parent: Root | Element) => {
    for (const node of parent.children) {
      if (node.type !== "element") continue;
      const meta = (node.data as { meta?: unknown } | undefined)?.meta;
      if (node.tagName === "code" && typeof meta === "string") node.properties.dataMeta = meta;
      else visit(node);
    }
  };
  return (tree: Root) => visit(tree);
}

/** GitHub's defaultSchema plus what the article profile needs: a fence's meta on <code>. */
const articleSchema: Schema = {
  ...defaultSchema,
  clobberPrefix: "",
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), "dataMeta"],
  },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // `$…$` and `$$…$$` (app/markdown/math.server.ts); "$5 and $10" stays text.
  .use(remarkMath)
  .use(remarkDollarAmounts)
  // No allowDangerousHtml: raw HTML in markdown is dropped. Footnote ids get remark-rehype's own
  // "user-content-" prefix (matching its "#user-content-fn-1" links)…
  .use(remarkRehype)
  .use(rehypeFenceMeta)
  // …so the sanitizer (GitHub's defaultSchema: no script/style/on*/iframe, only http(s), mailto, …
  // URLs) must not prefix them a second time. Authors cannot set ids (no raw HTML); heading ids
  // are added after this step from the heading text.
  .use(rehypeSanitize, articleSchema)
  // Raw nodes exist only after sanitizing, made by this module (KaTeX's output): see renderMath.
  .use(rehypeStringify, { allowDangerousHtml: true })
  .freeze();

type RenderedTree = { tree: Root; toc: TocEntry[] };

async function render(source: string, options: RenderOptions | undefined): Promise<RenderedTree> {
  const tree = processor.runSync(processor.parse(source), source);
  const { toc, codeBlocks, math } = enhance(tree, siteHost(options?.siteUrl ?? configuredSiteUrl()), options?.images);
  await highlightCodeBlocks(codeBlocks, true);
  for (const formula of math) renderMath(formula);
  return { tree, toc };
}

/** Renders a whole article: HTML, the preview of a long article, its table of contents and reading time. */
export async function renderMarkdown(source: string, options?: RenderOptions): Promise<RenderedMarkdown> {
  const { tree, toc } = await render(source, options);
  let previewHtml: string | null = null;
  if (isLongArticle(source)) {
    const preview = splitParagraphs(source).slice(0, PREVIEW_PARAGRAPHS).join("\n\n");
    previewHtml = processor.stringify((await render(preview, options)).tree);
  }
  return { html: processor.stringify(tree), previewHtml, toc, readingMinutes: readingMinutes(source) };
}

/** Renders a short piece of markdown (e.g. an interview answer) to HTML only. */
export async function renderMarkdownFragment(source: string, options?: RenderOptions): Promise<string> {
  return processor.stringify((await render(source, options)).tree);
}

/**
 * The sources of the images that have no alt text (`![](…)`, or alt of spaces only), in order of
 * appearance: publishing is refused until each has one.
 */
export function imagesWithoutAlt(source: string): string[] {
  const tree = processor.parse(source);
  const definitions = new Map<string, string>();
  const found: Array<{ url?: string; identifier?: string }> = [];
  const walk = (node: { type: string; children?: unknown[]; [key: string]: unknown }) => {
    if (node.type === "definition") definitions.set(String(node.identifier), String(node.url));
    if ((node.type === "image" || node.type === "imageReference") && String(node.alt ?? "").trim() === "") {
      found.push(node.type === "image" ? { url: String(node.url) } : { identifier: String(node.identifier) });
    }
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(tree as unknown as Parameters<typeof walk>[0]);
  return found.map((entry) => entry.url ?? definitions.get(entry.identifier ?? "") ?? entry.identifier ?? "");
}

// ---------------------------------------------------------------------------------------------
// The "comment" profile: readers' comments (app/comments). Paragraphs, emphasis, inline code,
// code blocks (highlighted like articles), links, lists and quotes; no headings, images, tables
// or raw HTML. Every link is user-generated content: rel="ugc nofollow noopener".

const COMMENT_TAGS = ["p", "br", "em", "strong", "del", "code", "pre", "a", "ul", "ol", "li", "blockquote"];

const commentSchema: Schema = {
  ...defaultSchema,
  clobberPrefix: "",
  tagNames: COMMENT_TAGS,
  attributes: {
    a: ["href"],
    code: [["className", /^language-./]],
    ol: ["start"],
  },
  // Dropped with their content: the text of a table or a footnote section would read as noise.
  strip: ["script", "style", "table", "section", "sup"],
};

/** Headings become plain paragraphs and images their alt text, before the sanitizer sees them. */
function flattenForComments(parent: Root | Element) {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!;
    if (node.type !== "element") continue;
    if (HEADING.test(node.tagName)) {
      node.tagName = "p";
      node.properties = {};
    } else if (node.tagName === "img") {
      const alt = typeof node.properties.alt === "string" ? node.properties.alt : "";
      const replacement: ElementContent[] = alt ? [{ type: "text", value: alt }] : [];
      children.splice(index, 1, ...replacement);
      index += replacement.length - 1;
      continue;
    }
    flattenForComments(node);
  }
}

const commentProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(() => (tree: Root) => flattenForComments(tree))
  .use(rehypeSanitize, commentSchema)
  .use(rehypeStringify)
  .freeze();

/** Renders a reader's comment (the "comment" profile) to safe HTML. */
export async function renderCommentMarkdown(source: string): Promise<string> {
  const tree = commentProcessor.runSync(commentProcessor.parse(source));
  const codeBlocks: CodeBlock[] = [];
  const walk = (parent: Root | Element) => {
    for (const node of parent.children) {
      if (node.type !== "element") continue;
      if (node.tagName === "pre") {
        codeBlocks.push({ parent, pre: node });
        continue;
      }
      if (node.tagName === "a") node.properties.rel = ["ugc", "nofollow", "noopener"];
      walk(node);
    }
  };
  walk(tree);
  await highlightCodeBlocks(codeBlocks);
  return commentProcessor.stringify(tree);
}
