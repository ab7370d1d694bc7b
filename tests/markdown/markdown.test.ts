import { describe, expect, it } from "vitest";
import { clearHighlightCache, normalizeLanguage } from "~/markdown/highlight.server";
import { renderMarkdown, renderMarkdownFragment } from "~/markdown/markdown.server";

const SITE = { siteUrl: "https://devperspective.example" };
const html = (source: string) => renderMarkdownFragment(source, SITE);
const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\``;

/**
 * Every element markdown (with GFM) can produce, plus the ones the pipeline itself wraps around
 * it (a heading and its self-link in a div, a code block's figure and caption, a callout's aside
 * and icon, a formula's error note); anything else means raw HTML got through.
 */
const ALLOWED_TAGS = new Set(
  "a blockquote br code del em h1 h2 h3 h4 h5 h6 hr img input li ol p pre section span strong sup table tbody td th thead tr ul div figure figcaption aside svg path small".split(
    " ",
  ),
);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'=<>`/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /\s([^\s"'=<>`/]+)(?:="([^"]*)")?/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/**
 * Scans the output structurally (rehype-stringify escapes "<" in text and '"' in attribute values,
 * so every "<" must start a tag): only markdown's own elements, no event handlers, no dangerous
 * URLs, and style attributes only on Shiki's code blocks (which the pipeline generates itself).
 */
function expectNothingExecutable(output: string) {
  const tags = [...output.matchAll(TAG)];
  expect(tags.length, "every < starts a well-formed tag").toBe(output.split("<").length - 1);
  let shikiDepth = 0;
  for (const [, closing, rawName, attributes = ""] of tags) {
    const name = rawName!.toLowerCase();
    expect(ALLOWED_TAGS.has(name), `<${name}> is not allowed`).toBe(true);
    if (closing) {
      if (name === "pre") shikiDepth = 0;
      continue;
    }
    for (const [, rawAttribute, value = ""] of attributes.matchAll(ATTRIBUTE)) {
      const attribute = rawAttribute!.toLowerCase();
      expect(attribute.startsWith("on"), `event handler ${attribute}`).toBe(false);
      if (attribute === "href" || attribute === "src") {
        const url = decodeEntities(value)
          .replace(/[\s\p{Cc}]/gu, "")
          .toLowerCase();
        expect(url, `${attribute}="${value}"`).not.toMatch(/^(?:javascript|vbscript|data):/);
      }
      if (attribute === "style") {
        expect(
          shikiDepth > 0 || (name === "pre" && attributes.includes('class="shiki')),
          `author style on <${name}>`,
        ).toBe(true);
        expect(value).toMatch(/^(?:(?:color|background-color|--shiki-[a-z-]+):#[0-9a-f]{3,8};?)+$/i);
      }
    }
    if (name === "pre" && attributes.includes('class="shiki')) shikiDepth = 1;
  }
}

describe("renderMarkdown: content", () => {
  it("gives ## and ### headings ids by the spec's rule, unique on duplicates", async () => {
    const out = await html("## Hello, World!\n\n### Hello world\n\n## Hello World\n\n#### Deep `code` Heading");
    expect(out).toContain('<h2 id="hello-world">Hello, World!</h2>');
    expect(out).toContain('<h3 id="hello-world-1">Hello world</h3>');
    expect(out).toContain('<h2 id="hello-world-2">Hello World</h2>');
    expect(out).toContain('<h4 id="deep-code-heading">');
  });

  it("does not reuse an id a heading text produces naturally", async () => {
    const out = await html("## Intro\n\n## Intro 1\n\n## Intro");
    expect(out).toContain('<h2 id="intro">');
    expect(out).toContain('<h2 id="intro-1">Intro 1</h2>');
    expect(out).toContain('<h2 id="intro-2">Intro</h2>');
  });

  it("builds the table of contents from h2 and h3 only", async () => {
    const { toc } = await renderMarkdown(
      "# Title\n\n## First *part*\n\ntext\n\n### Sub part\n\n#### Too deep\n\n## First part",
      SITE,
    );
    expect(toc).toEqual([
      { depth: 2, id: "first-part", text: "First part" },
      { depth: 3, id: "sub-part", text: "Sub part" },
      { depth: 2, id: "first-part-1", text: "First part" },
    ]);
  });

  it("keeps footnote ids and links working and out of the table of contents", async () => {
    const { html: out, toc } = await renderMarkdown("## Notes\n\nA claim[^1].\n\n[^1]: The source.", SITE);
    expect(out).toContain('href="#user-content-fn-1"');
    expect(out).toContain('id="user-content-fn-1"');
    expect(out).toContain('id="footnote-label"');
    expect(toc).toEqual([{ depth: 2, id: "notes", text: "Notes" }]);
  });

  it("highlights fenced code with Shiki, light colours inline and dark ones as CSS variables", async () => {
    const out = await html(fence("ts", "const answer: number = 42;"));
    expect(out).toMatch(/<pre class="shiki[^"]*"[^>]*tabindex="0"/);
    expect(out).toContain('data-language="typescript"');
    expect(out).toMatch(/<span style="color:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}">const<\/span>/);
    expect(out).toContain("--shiki-dark-bg:");
    // No trailing empty line from the markdown code node's final newline.
    expect(out).not.toContain('<span class="line"></span></code>');
  });

  it("renders inline code, bold, italic, bullet and numbered lists", async () => {
    const out = await html(
      "Use `npm ci`, **bold** and *italic* and _also italic_.\n\n- one\n- two\n\n1. first\n2. second",
    );
    expect(out).toContain("<code>npm ci</code>");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain("<em>italic</em>");
    expect(out).toContain("<em>also italic</em>");
    expect(out).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(out).toMatch(/<ol>\s*<li>first<\/li>\s*<li>second<\/li>\s*<\/ol>/);
  });

  it("renders GFM tables and task lists", async () => {
    const out = await html("| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo");
    expect(out).toContain("<table>");
    expect(out).toContain("<td>1</td>");
    expect(out).toContain('<input type="checkbox" checked disabled>');
    expect(out).toContain('<input type="checkbox" disabled>');
  });

  it("marks external links rel=noopener noreferrer, but not internal ones", async () => {
    const out = await html(
      "[ext](https://example.com/x) [proto](//other.example/y) [own](https://devperspective.example/articles/a) [int](/articles/a) [hash](#intro) [mail](mailto:a@b.c)",
    );
    expect(out).toContain('<a href="https://example.com/x" rel="noopener noreferrer">ext</a>');
    expect(out).toContain('<a href="//other.example/y" rel="noopener noreferrer">proto</a>');
    expect(out).toContain('<a href="https://devperspective.example/articles/a">own</a>');
    expect(out).toContain('<a href="/articles/a">int</a>');
    expect(out).toContain('<a href="#intro">hash</a>');
    expect(out).toContain('<a href="mailto:a@b.c">mail</a>');
  });

  it("treats every absolute link as external when the site URL is unknown", async () => {
    const out = await renderMarkdownFragment("[own](https://devperspective.example/a)", { siteUrl: "not a url" });
    expect(out).toContain('rel="noopener noreferrer"');
  });

  it("allows http(s) and site-relative images, lazy (but the first) and async; other sources become alt text", async () => {
    const out = await html("![a](https://img.example/a.png) ![b](/img/b.png) ![c](img/c.png) ![d](ftp://x/d.png)");
    // The first image is likely on the first screen (issue 15): it loads at once.
    expect(out).toContain('<img src="https://img.example/a.png" alt="a" decoding="async">');
    expect(out).toContain('<img src="/img/b.png" alt="b" loading="lazy" decoding="async">');
    expect(out).not.toContain("img/c.png");
    expect(out).not.toContain("ftp:");
    expect(out).toMatch(/> c d<\/p>/);
  });

  it("reports reading minutes from the source", async () => {
    expect((await renderMarkdown("word ".repeat(231), SITE)).readingMinutes).toBe(2);
    expect((await renderMarkdown("short", SITE)).readingMinutes).toBe(1);
  });
});

describe("renderMarkdown: code blocks", () => {
  it("falls back to plain text for unknown or missing languages without throwing", async () => {
    const out = await html(
      `${fence("brainfuck", "++[>+<-]")}\n\n${fence("", "plain <b>text</b>")}\n\n    indented code`,
    );
    expect(out.match(/<pre class="shiki/g)).toHaveLength(3);
    expect(out.match(/data-language="text"/g)).toHaveLength(3);
    expect(out).toContain("++[>+&#x3C;-]");
    expect(out).toContain("plain &#x3C;b>text&#x3C;/b>");
  });

  it("highlights every configured language and alias", async () => {
    for (const lang of [
      "js",
      "jsx",
      "ts",
      "tsx",
      "json",
      "bash",
      "sh",
      "shell",
      "css",
      "html",
      "sql",
      "python",
      "go",
      "rust",
      "yaml",
      "diff",
      "markdown",
      "plaintext",
    ]) {
      const out = await html(fence(lang, "x = 1"));
      expect(out, lang).toContain(`data-language="${normalizeLanguage(lang)}"`);
    }
    expect(normalizeLanguage("TS")).toBe("typescript");
    expect(normalizeLanguage("sh")).toBe("bash");
    expect(normalizeLanguage("plaintext")).toBe("text");
    expect(normalizeLanguage(undefined)).toBe("text");
  });

  it("serves repeated snippets from the cache with identical output", async () => {
    clearHighlightCache();
    const source = fence("tsx", "export const A = () => <div className='a'>{1 + 2}</div>;");
    const first = await html(source);
    const second = await html(source);
    expect(second).toBe(first);
    expect(await html(`# Other\n\n${source}`)).toContain(first);
  });

  it("keeps blank lines inside a fence in one code block", async () => {
    const out = await html(fence("py", "a = 1\n\n\nb = 2"));
    expect(out.match(/<pre/g)).toHaveLength(1);
    expect(out.match(/<span class="line">/g)).toHaveLength(4);
  });
});

describe("renderMarkdown: preview", () => {
  const blocks = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1}.`).join("\n\n");

  it("is null for articles of 5 blocks or fewer", async () => {
    expect((await renderMarkdown(blocks(5), SITE)).previewHtml).toBeNull();
  });

  it("renders the first 4 blocks of a longer article", async () => {
    const { previewHtml, html: full } = await renderMarkdown(blocks(6), SITE);
    expect(previewHtml).toBe("<p>Paragraph 1.</p>\n<p>Paragraph 2.</p>\n<p>Paragraph 3.</p>\n<p>Paragraph 4.</p>");
    expect(full).toContain("Paragraph 6.");
  });

  it("does not count or split blank lines inside a code fence", async () => {
    const code = fence("js", "const a = 1;\n\n\nconst b = 2;\n\n// end");
    const short = `${blocks(4)}\n\n${code}`;
    expect((await renderMarkdown(short, SITE)).previewHtml).toBeNull();
    const long = `Intro.\n\n${code}\n\n${blocks(4)}`;
    const { previewHtml } = await renderMarkdown(long, SITE);
    expect(previewHtml).toContain("// end");
    expect(previewHtml).toContain("Paragraph 2.");
    expect(previewHtml).not.toContain("Paragraph 3.");
  });

  it("gives headings the same ids as the full article", async () => {
    const source = "## Setup\n\nText.\n\n## Setup\n\nMore[^1].\n\n## Setup\n\nEnd.\n\n[^1]: Note.";
    const { html: full, previewHtml } = await renderMarkdown(source, SITE);
    expect(previewHtml).toContain('<h2 id="setup">');
    expect(previewHtml).toContain('<h2 id="setup-1">');
    expect(full).toContain('<h2 id="setup-1">');
    expect(full).toContain('<h2 id="setup-2">');
  });
});

describe("renderMarkdown: sanitizing", () => {
  const attacks: [string, string][] = [
    ["script tag", "<script>alert(1)</script>"],
    ["inline script", "Hello <script>alert(1)</script> world"],
    ["img onerror", "<img src=x onerror=alert(1)>"],
    ["javascript: link", "[x](javascript:alert(1))"],
    ["JAVASCRIPT: link", "[x](JAVASCRIPT:alert(1))"],
    [
      "obfuscated javascript: link",
      "[x](java&#x73;cript:alert(1)) [y](&#106;avascript:alert(1)) [z]( javascript:alert(1))",
    ],
    ["vbscript: link", "[x](vbscript:msgbox(1))"],
    ["data: link", "[x](data:text/html,<script>alert(1)</script>)"],
    ["data: base64 link", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["javascript: image", "![x](javascript:alert(1))"],
    ["data: image", "![x](data:image/svg+xml,<svg onload=alert(1)>)"],
    ["reference link", "[x][evil]\n\n[evil]: javascript:alert(1)"],
    ["autolink", "<javascript:alert(1)>"],
    ["raw anchor", '<a href="javascript:alert(1)">click</a>'],
    ["iframe", '<iframe src="https://evil.example"></iframe>'],
    ["svg onload", "<svg onload=alert(1)><circle r=1 /></svg>"],
    ["style attribute", '<p style="position:fixed;inset:0;background:red">covered</p>'],
    ["style element", "<style>body{display:none}</style>"],
    ["details ontoggle", "<details open ontoggle=alert(1)><summary>x</summary></details>"],
    [
      "object/embed/form",
      '<object data="x"></object><embed src="x"><form action="javascript:alert(1)"><button>go</button></form>',
    ],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ["html comment", "<!-- <script>alert(1)</script> -->"],
    ["code block breaking out", fence("html", "</code><script>alert(1)</script>")],
    ["code block breaking out, unknown lang", fence("nope", "</code></pre><script>alert(1)</script>")],
    ["code block breaking out, no lang", fence("", "</code></pre><img src=x onerror=alert(1)>")],
    ["inline code breaking out", "`</code><script>alert(1)</script>`"],
    ["code info string", '```js" onmouseover="alert(1)\nx\n```'],
    ["heading with markup", "## <img src=x onerror=alert(1)> Title"],
    ["link title", '[x](https://example.com "a\\" onmouseover=\\"alert(1)")'],
  ];

  it.each(attacks)("%s cannot produce executable markup", async (_name, source) => {
    const { html: out, previewHtml, toc } = await renderMarkdown(source, SITE);
    expectNothingExecutable(out);
    if (previewHtml) expectNothingExecutable(previewHtml);
    for (const entry of toc) expect(entry.id).toMatch(/^[\p{L}\p{M}\p{N}-]+$/u);
  });

  it("(the structural check itself catches executable markup)", () => {
    const bad = [
      "<script>alert(1)</script>",
      '<img src="x" onerror="alert(1)">',
      '<a href="jav&#x61;script:alert(1)">x</a>',
      '<a href=" data:text/html,x">x</a>',
      '<p style="color:#f00">x</p>',
      "<iframe></iframe>",
      "<p>a < b</p>",
    ];
    for (const markup of bad) expect(() => expectNothingExecutable(markup), markup).toThrow();
    expect(() => expectNothingExecutable('<p><a href="/x">ok</a> &#x3C;script></p>')).not.toThrow();
  });

  it("escapes code content as text", async () => {
    const out = await html(fence("html", "</code><script>alert(1)</script>"));
    expect(out).toContain("&#x3C;/");
    expect(out).toContain("script");
    expect(out).not.toContain("<script");
  });

  it("keeps the text around dropped raw HTML", async () => {
    const out = await html("Before <b>bold?</b> after.");
    expect(out).toContain("Before");
    expect(out).toContain("after.");
    expect(out).not.toContain("<b>");
  });

  it("keeps unsafe links as plain text without href", async () => {
    const out = await html("[click me](javascript:alert(1))");
    expect(out).toContain("click me");
    expect(out).not.toContain("href");
  });
});

describe("renderMarkdownFragment", () => {
  it("renders html only, with the same pipeline", async () => {
    const out = await html("An answer with **bold** and\n\n```js\nlet x = 1;\n```");
    expect(out).toContain("<strong>bold</strong>");
    expect(out).toContain('<pre class="shiki');
  });

  it("returns an empty string for empty input", async () => {
    expect(await html("")).toBe("");
  });
});
