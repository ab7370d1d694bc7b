import { describe, expect, it } from "vitest";
import { insideFencedCode, readingMinutes, wordCounts } from "~/lib/content";

describe("wordCounts (the editor's live count, the words readingMinutes counts)", () => {
  it("counts prose without markdown syntax, and code apart", () => {
    const markdown = [
      "## A heading",
      "",
      "Read [the docs](https://example.com/a/very/long/url) **now**.",
      "",
      '```ts title="a.ts"',
      "const answer = 42; // [!code ++]",
      "```",
    ].join("\n");
    expect(wordCounts(markdown)).toEqual({ prose: 6, code: 3 });
    expect(wordCounts("")).toEqual({ prose: 0, code: 0 });
  });

  it("agrees with readingMinutes: prose plus code at half weight, 230 words a minute", () => {
    const markdown = `${"word ".repeat(200)}\n\n\`\`\`\n${"code ".repeat(100)}\n\`\`\``;
    expect(wordCounts(markdown)).toEqual({ prose: 200, code: 100 });
    expect(readingMinutes(markdown)).toBe(2);
  });
});

describe("insideFencedCode", () => {
  const text = "Intro\n\n~~~\ncode\n~~~\n\n```js\nmore";
  it("is true between a fence's lines (and to the end when it is not closed)", () => {
    expect(insideFencedCode(text, text.indexOf("code"))).toBe(true);
    expect(insideFencedCode(text, text.indexOf("more") + 4)).toBe(true);
  });

  it("is false in prose and on the fence lines themselves", () => {
    expect(insideFencedCode(text, 0)).toBe(false);
    expect(insideFencedCode(text, text.indexOf("~~~") + 3)).toBe(false);
    expect(insideFencedCode(text, text.lastIndexOf("~~~"))).toBe(false);
    expect(insideFencedCode(text, text.indexOf("```js"))).toBe(false);
  });
});
