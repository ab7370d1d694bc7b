import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "~/lib/html-to-markdown";

describe("htmlToMarkdown (pasted HTML and imported posts)", () => {
  it("writes the site's Markdown: ATX headings, emphasis, links, lists, quotes, tables", () => {
    const html = [
      "<meta charset='utf-8'><h2>Install</h2>",
      '<p>Run <strong>this</strong>, <em>then</em> read <a href="https://example.com/docs">the docs</a>.</p>',
      "<ul><li>one</li><li>two</li></ul>",
      "<blockquote><p>Quoted.</p></blockquote>",
      "<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>",
    ].join("");
    expect(htmlToMarkdown(html)).toBe(
      [
        "## Install",
        "",
        "Run **this**, *then* read [the docs](https://example.com/docs).",
        "",
        "-   one",
        "-   two",
        "",
        "> Quoted.",
        "",
        "| A | B |",
        "| --- | --- |",
        "| 1 | 2 |",
      ].join("\n"),
    );
  });

  it("fences code blocks with their language, from the code, the block or the box around it", () => {
    expect(htmlToMarkdown('<pre><code class="language-ts">const a = 1;\n</code></pre>')).toBe(
      "```ts\nconst a = 1;\n```",
    );
    expect(htmlToMarkdown('<div class="highlight highlight-source-js"><pre>let b = 2;</pre></div>')).toBe(
      "```js\nlet b = 2;\n```",
    );
    expect(htmlToMarkdown('<pre class="brush: python notranslate">print("hi")</pre>')).toBe(
      '```python\nprint("hi")\n```',
    );
    // A highlighter's spans and a fence inside the code.
    expect(
      htmlToMarkdown(
        '<pre class="shiki" data-language="md"><code><span class="line">```</span>\n<span>x</span></code></pre>',
      ),
    ).toBe("````md\n```\nx\n````");
  });

  it("drops scripts, styles and forms with their content, and reads word processors' styles", () => {
    expect(htmlToMarkdown('<p>Safe<script>alert(1)</script><style>p{}</style></p><form><input value="x"></form>')).toBe(
      "Safe",
    );
    expect(
      htmlToMarkdown(
        '<b style="font-weight:normal;" id="docs-internal-guid-1"><p><span style="font-weight:700">Bold </span><span style="font-style:italic">slanted</span> plain</p></b>',
      ),
    ).toBe("**Bold** *slanted* plain");
  });
});
