import { describe, expect, it } from "vitest";
import { convertsPastedHtml } from "~/components/markdown-editor/paste";

const rich = { types: ["text/plain", "text/html"], html: "<h2>Title</h2><p>Text</p>" };

describe("convertsPastedHtml", () => {
  it("converts rich text with structure", () => {
    expect(convertsPastedHtml(rich, "", 0)).toBe(true);
    expect(convertsPastedHtml({ ...rich, html: '<a href="https://example.com">x</a>' }, "", 0)).toBe(true);
  });

  it("leaves plain text, a code editor's coloured spans and pastes inside a code block to the browser", () => {
    expect(convertsPastedHtml({ types: ["text/plain"], html: "" }, "", 0)).toBe(false);
    expect(convertsPastedHtml({ ...rich, html: "<span>plain</span><br><div>lines</div>" }, "", 0)).toBe(false);
    expect(convertsPastedHtml({ types: [...rich.types, "vscode-editor-data"], html: rich.html }, "", 0)).toBe(false);
    const value = "Intro\n\n```ts\nconst a = 1;\n\n```\n\nAfter";
    expect(convertsPastedHtml(rich, value, value.indexOf("const"))).toBe(false);
    expect(convertsPastedHtml(rich, value, value.indexOf("\n\n```\n") + 1)).toBe(false);
    expect(convertsPastedHtml(rich, value, value.indexOf("After"))).toBe(true);
    expect(convertsPastedHtml(rich, value, value.indexOf("```ts") + 5)).toBe(true);
  });
});
