/**
 * The writer's toolkit (issue 26) in the markdown pipeline: code blocks by their meta string,
 * callouts, math, heading self-links, footnotes, and the bad input each must survive.
 */
import { describe, expect, it } from "vitest";
import { parseCodeMeta } from "~/markdown/code-blocks.server";
import { renderMarkdown, renderMarkdownFragment } from "~/markdown/markdown.server";

const SITE = { siteUrl: "https://devperspective.example" };
const html = (source: string) => renderMarkdownFragment(source, SITE);
const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\``;

/** The text of the HTML as a reader without CSS would read it (tags out, entities decoded). */
function text(output: string) {
  return output
    .replace(/<[^>]+>/g, "")
    .replace(/&#x3C;/g, "<")
    .replace(/&#x26;/g, "&")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<");
}

/** What the copy button copies: lines not marked no-copy, without their no-copy parts. */
function copied(output: string) {
  const code = /<code[^>]*>([\s\S]*?)<\/code><\/pre>/.exec(output)?.[1] ?? "";
  const lines = code.split("\n").filter((line) => !/^<span class="line[^"]*\bno-copy\b/.test(line));
  return lines
    .map((line) =>
      text(
        line.replace(/<span class="(?:code-mark|code-prompt) no-copy">(?:<span[^>]*>[^<]*<\/span>|[^<]*)<\/span>/g, ""),
      ),
    )
    .join("\n");
}

describe("code blocks: the meta string", () => {
  it("reads a title, highlighted lines and line numbers", () => {
    expect(parseCodeMeta('title="server/main.ts" {1,3-5} showLineNumbers{10}')).toEqual({
      title: "server/main.ts",
      highlight: [
        [1, 1],
        [3, 5],
      ],
      lineNumbers: true,
      start: 10,
    });
    expect(parseCodeMeta("title='a b.ts' showLineNumbers")).toMatchObject({
      title: "a b.ts",
      lineNumbers: true,
      start: 1,
    });
    expect(parseCodeMeta("title=plain.js showLineNumbers=3")).toMatchObject({ title: "plain.js", start: 3 });
  });

  it("ignores unknown and malformed options, never throws", () => {
    for (const meta of [
      'title="unclosed {1-',
      "{5-3} {abc} {1-9999999999} {,,,-}",
      "showLineNumbers{-4} showLineNumbers{x}",
      "weird=1 }{ {{1}}",
      "\u0000\u0001",
      "{".repeat(10_000),
    ]) {
      const meta_ = parseCodeMeta(meta);
      expect(meta_.highlight.every(([from, to]) => from >= 1 && from <= to && to <= 100_000)).toBe(true);
      expect(meta_.start).toBeGreaterThanOrEqual(1);
    }
    expect(parseCodeMeta("{5-3} {abc}").highlight).toEqual([]);
  });

  it("keeps a title as text, without control characters, at most 120 characters", () => {
    expect(parseCodeMeta('title="a\u0007\u0000b"').title).toBe("a b");
    expect(parseCodeMeta(`title="${"x".repeat(500)}"`).title).toHaveLength(120);
  });
});

describe("code blocks: rendering", () => {
  it("shows the title above the block and the language's name", async () => {
    const out = await html(fence('ts title="server/main.ts"', "const x = 1;"));
    expect(out).toMatch(/^<figure class="code-block" data-kind="code"><figcaption class="code-header">/);
    expect(out).toContain('<span class="code-title">server/main.ts</span><span class="code-lang">TypeScript</span>');
    expect(out).toContain('data-language="typescript"');
    expect(out).not.toContain("data-meta");
  });

  it("a title cannot inject markup", async () => {
    const out = await html(fence('ts title="<img src=x onerror=alert(1)><script>alert(1)</script>"', "x"));
    expect(out).not.toMatch(/<img|<script|onerror="/i);
    expect(out).toContain('<span class="code-title">&#x3C;img src=x onerror=alert(1)>&#x3C;script>');
  });

  it("marks highlighted lines with a class and a hidden label, clamped to the block", async () => {
    const out = await html(fence("js {1,3-5} {2-999}", "a\nb\nc"));
    const lines = out.match(/<span class="line[^"]*">/g) ?? [];
    expect(lines).toEqual(Array(3).fill('<span class="line highlighted">'));
    expect(out).toContain('<span class="code-mark no-copy"><span class="code-sr">Highlighted: </span></span>');
    expect(out).toContain("has-highlighted");
    expect(copied(out)).toBe("a\nb\nc");
  });

  it("numbers lines with CSS counters from the given start (no numbers in the text)", async () => {
    const out = await html(fence("py showLineNumbers{42}", "print(1)\nprint(2)"));
    expect(out).toContain("has-line-numbers");
    expect(out).toContain('<code style="counter-reset:line 41">');
    expect(text(out)).not.toContain("42");
    const plain = await html(fence("py showLineNumbers", "print(1)"));
    expect(plain).toContain("has-line-numbers");
    expect(plain).toContain("<code>");
  });

  it("renders a language diff: signs out of the text, added and removed lines marked and labelled", async () => {
    const out = await html(fence('diff-ts title="math.ts"', " const a = 1;\n-const b = 2;\n+const b = 3;"));
    expect(out).toContain('<span class="code-lang">TypeScript diff</span>');
    expect(out).toContain('data-language="typescript"');
    expect(out).toContain('class="line diff remove no-copy"');
    expect(out).toContain('class="line diff add"');
    expect(out).toContain('<span class="code-sr">Removed: </span>');
    expect(out).toContain('<span class="code-sr">Added: </span>');
    expect(copied(out)).toBe("const a = 1;\nconst b = 3;");
  });

  it("renders Shiki's // [!code ++] and // [!code --] notation, the markers gone", async () => {
    const out = await html(
      fence("ts", "let a = 1; // [!code --]\nlet a = 2; // [!code ++]\nuse(a); // [!code highlight]"),
    );
    expect(out).not.toContain("[!code");
    expect(out).toContain("diff remove");
    expect(out).toContain("diff add");
    expect(out).toContain("highlighted");
    expect(copied(out)).toBe("let a = 2;\nuse(a);");
  });

  it("keeps a plain diff a patch, copied as written", async () => {
    const out = await html(fence("diff", "--- a\n+++ b\n-old\n+new"));
    expect(out).toContain('data-language="diff"');
    expect(out).not.toContain("no-copy");
    expect(copied(out)).toBe("--- a\n+++ b\n-old\n+new");
  });

  it("styles a terminal session apart: prompts and output are never copied", async () => {
    for (const lang of ["console", "shell-session"]) {
      const out = await html(fence(lang, "$ npm install \\\n  katex\nadded 1 package\n$ echo hi\nhi"));
      expect(out).toContain('<span class="code-lang">Terminal</span>');
      expect(out).toContain('<span class="code-prompt no-copy">$ </span>');
      expect(out).toContain('<span class="line output no-copy">added 1 package</span>');
      expect(copied(out)).toBe("npm install \\\n  katex\necho hi");
    }
    // Without any prompt, every line is a command.
    expect(copied(await html(fence("console", "ls\npwd")))).toBe("ls\npwd");
  });

  it("falls back to plain text for an unknown language, and for a malformed meta", async () => {
    const out = await html(fence('klingon title="x {1-', "qapla'"));
    expect(out).toContain('data-language="text"');
    expect(out).toContain('<span class="code-lang">klingon</span>');
    expect(out).toContain("qapla'");
    const hostile = await html(fence("<b>x</b>", "x"));
    expect(hostile).toContain('<span class="code-lang">bxb</span>');
    expect(await html(fence("txt", "x"))).toContain('<span class="code-lang">Text</span>');
    const noLang = await html(fence("", "just code"));
    expect(noLang).toContain('<span class="code-lang">Code</span>');
  });

  it("reads a meta written against the language (ts{2})", async () => {
    const out = await html(fence("ts{2}", "a\nb"));
    expect(out).toContain('data-language="typescript"');
    expect(out.match(/class="line highlighted"/g)).toHaveLength(1);
  });

  it("never fails a save on hostile meta", async () => {
    const source = [
      fence(`ts ${"{1-99999}".repeat(300)} title="${"<".repeat(3000)}"`, "x"),
      fence("diff-", "+x"),
      fence("diff-klingon", "+a\n-b"),
      fence("console", "$"),
      fence("ts showLineNumbers{99999999999}", "a"),
    ].join("\n\n");
    const rendered = await renderMarkdown(source, SITE);
    expect(rendered.html.match(/<figure class="code-block"/g)).toHaveLength(5);
  });
});

describe("callouts", () => {
  it("renders each GitHub alert as a labelled aside with an icon and a word", async () => {
    for (const [marker, label] of [
      ["NOTE", "Note"],
      ["tip", "Tip"],
      ["Important", "Important"],
      ["WARNING", "Warning"],
      ["CAUTION", "Caution"],
    ] as const) {
      const out = await html(`> [!${marker}]\n> Back up **first**.`);
      expect(out).toContain(`<aside class="callout callout-${label.toLowerCase()}" role="note">`);
      expect(out).toMatch(new RegExp(`<p class="callout-title"><svg[^>]*aria-hidden="true"[^>]*>.*</svg>${label}</p>`));
      expect(out).toContain("<p>Back up <strong>first</strong>.</p>");
      expect(out).not.toContain("[!");
    }
  });

  it("leaves other quotes alone", async () => {
    for (const source of ["> [!NOTE] on one line", "> [!FOO]\n> text", "> just a quote", "> **[!NOTE]**\n> x"]) {
      const out = await html(source);
      expect(out).toContain("<blockquote>");
      expect(out).not.toContain("callout");
    }
  });
});

describe("math", () => {
  it("renders inline and display formulas to HTML and MathML", async () => {
    const out = await html("Euler: $e^{i\\pi} + 1 = 0$.\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$");
    expect(out).toContain(
      '<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML">',
    );
    expect(out).toContain('<div class="math-display" tabindex="0"><span class="katex-display">');
    expect(out).toContain('display="block"');
    expect(out).toContain('<span class="katex-html" aria-hidden="true">');
  });

  it("renders a ```math block as display math", async () => {
    const out = await html(fence("math", "a^2 + b^2 = c^2"));
    expect(out).toContain('class="math-display"');
    expect(out).not.toContain("code-block");
  });

  it("reads dollar amounts as text", async () => {
    const out = await html("It costs $5 and $10, or $ 3 $ here.");
    expect(out).toBe("<p>It costs $5 and $10, or $ 3 $ here.</p>");
  });

  it("shows a formula that does not parse as its source with a note", async () => {
    const out = await html("Bad: $\\frac{1}{$ and\n\n$$\n\\begin{nope}\n$$");
    expect(out).toContain(
      '<span class="math-error"><code>\\frac{1}{</code><small class="math-error-note"> (This formula could not be shown:',
    );
    expect(out).toContain(
      '<div class="math-error"><pre tabindex="0"><code>\\begin{nope}</code></pre><p class="math-error-note">',
    );
  });

  it("cannot make links or markup from a formula", async () => {
    const out = await html(
      "$\\href{javascript:alert(1)}{x}$ $\\htmlClass{x}{y}$ $\\url{https://evil.example}$ $<script>$",
    );
    // The source stays readable in MathML's annotation (as text); nothing becomes a link or markup.
    expect(out).not.toMatch(/<a |href=|<script|class="x"/i);
  });
});

describe("headings and footnotes", () => {
  it("gives each heading a link to itself, outside the heading", async () => {
    const rendered = await renderMarkdown("## Getting started\n\nText.\n\n### Install `it`", SITE);
    expect(rendered.html).toContain(
      '<div class="heading-wrap"><h2 id="getting-started">Getting started</h2><a class="heading-anchor" href="#getting-started" aria-label="Link to this section: Getting started"><span aria-hidden="true">#</span></a></div>',
    );
    expect(rendered.html).toContain('href="#install-it" aria-label="Link to this section: Install it"');
    expect(rendered.toc).toEqual([
      { depth: 2, id: "getting-started", text: "Getting started" },
      { depth: 3, id: "install-it", text: "Install it" },
    ]);
  });

  it("renders GFM footnotes with back-links", async () => {
    const out = await html("A claim.[^1]\n\n[^1]: The source.");
    expect(out).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref');
    expect(out).toContain('<li id="user-content-fn-1">');
    expect(out).toContain('<a href="#user-content-fnref-1" data-footnote-backref="" aria-label="Back to reference 1"');
    // The footnotes' own heading gets no self-link.
    expect(out).not.toContain('href="#footnote-label"');
  });
});
