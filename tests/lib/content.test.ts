import { describe, expect, it } from "vitest";
import {
  excerptFrom,
  headingId,
  isLongArticle,
  LONG_ARTICLE_PARAGRAPHS,
  PREVIEW_PARAGRAPHS,
  readingMinutes,
  SLUG_PATTERN,
  slugify,
  splitParagraphs,
} from "~/lib/content";

describe("headingId", () => {
  it.each([
    ["Getting Started", "getting-started"],
    ["Hello, World!", "hello-world"],
    ["  What's new in TypeScript 5.0?  ", "what-s-new-in-typescript-5-0"],
    ["C++ vs. C#", "c-vs-c"],
    ["--Leading and trailing--", "leading-and-trailing"],
    ["Use `useEffect` wisely", "use-useeffect-wisely"],
    ["Crème Brûlée", "crème-brûlée"],
    ["日本語の見出し", "日本語の見出し"],
    ["İstanbul", "i\u0307stanbul"],
  ])("%j → %j", (text, id) => {
    expect(headingId(text)).toBe(id);
  });

  it("falls back to 'section' when nothing is left", () => {
    expect(headingId("")).toBe("section");
    expect(headingId("!!! ???")).toBe("section");
  });
});

describe("slugify", () => {
  it.each([
    ["Hello, World!", "hello-world"],
    ["  --Crème brûlée & Co.--  ", "creme-brulee-and-co"],
    ["Don't Panic: A Guide", "dont-panic-a-guide"],
    ["Straße, Øresund, Łódź", "strasse-oresund-lodz"],
    ["İstanbul", "istanbul"],
    ["TypeScript 5.0 — What’s new?", "typescript-5-0-whats-new"],
    ["a___b   c", "a-b-c"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(slug).toMatch(SLUG_PATTERN);
  });

  it("returns an empty string when there is nothing to keep", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!!")).toBe("");
    expect(slugify("日本語")).toBe("");
  });

  it("is at most 80 characters, cut at a word boundary, and still matches the constraint", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith("-word") || slug === "word").toBe(true);

    const long = slugify("a".repeat(100));
    expect(long).toBe("a".repeat(80));

    // Cutting exactly before a hyphen leaves no trailing hyphen.
    expect(slugify(`${"a".repeat(80)} b`)).toBe("a".repeat(80));
  });

  it("always matches SLUG_PATTERN when non-empty", () => {
    const titles = [
      "--",
      "a--b",
      "Ünïcödé títlé",
      "emoji 🚀 launch",
      "x".repeat(200),
      "1 2 3",
      "A/B testing",
      "#hashtag",
    ];
    for (const title of titles) {
      const slug = slugify(title);
      if (slug !== "") expect(slug).toMatch(SLUG_PATTERN);
    }
  });

  it("SLUG_PATTERN matches the database constraint", () => {
    expect(SLUG_PATTERN.test("a-b-c1")).toBe(true);
    for (const bad of ["", "-a", "a-", "a--b", "A", "a_b", "a b", "é"]) expect(SLUG_PATTERN.test(bad)).toBe(false);
  });
});

describe("splitParagraphs", () => {
  it("splits on blank lines, trims and drops empty blocks", () => {
    expect(splitParagraphs("  one\ntwo  \n\n\n\nthree\n \n\t\nfour\n\n")).toEqual(["one\ntwo", "three", "four"]);
    expect(splitParagraphs("")).toEqual([]);
    expect(splitParagraphs("a\r\n\r\nb")).toEqual(["a", "b"]);
  });

  it("never splits inside a fenced code block", () => {
    const md = "a\n\n```js\nconst x = 1;\n\n\nconst y = 2;\n```\n\nb\n\n~~~\n\n```\nnot a fence end\n\n~~~\n\nc";
    expect(splitParagraphs(md)).toEqual([
      "a",
      "```js\nconst x = 1;\n\n\nconst y = 2;\n```",
      "b",
      "~~~\n\n```\nnot a fence end\n\n~~~",
      "c",
    ]);
  });

  it("needs a closing fence at least as long as the opening one", () => {
    expect(splitParagraphs("````\na\n\n```\n\nb\n````\n\nc")).toEqual(["````\na\n\n```\n\nb\n````", "c"]);
  });

  it("treats an unclosed fence as running to the end", () => {
    expect(splitParagraphs("a\n\n```\nx\n\ny")).toEqual(["a", "```\nx\n\ny"]);
  });
});

describe("isLongArticle", () => {
  const blocks = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1}.`).join("\n\n");

  it("is long with more than 5 blocks", () => {
    expect(LONG_ARTICLE_PARAGRAPHS).toBe(5);
    expect(PREVIEW_PARAGRAPHS).toBe(4);
    expect(isLongArticle(blocks(5))).toBe(false);
    expect(isLongArticle(blocks(6))).toBe(true);
  });

  it("counts a code block with blank lines as one block", () => {
    const md = `${blocks(4)}\n\n\`\`\`\na\n\nb\n\nc\n\`\`\``;
    expect(splitParagraphs(md)).toHaveLength(5);
    expect(isLongArticle(md)).toBe(false);
  });
});

describe("readingMinutes", () => {
  it("is at least 1", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("Just a few words.")).toBe(1);
  });

  it("uses 230 words per minute, rounded up", () => {
    expect(readingMinutes("word ".repeat(230))).toBe(1);
    expect(readingMinutes("word ".repeat(231))).toBe(2);
    expect(readingMinutes("word ".repeat(2300))).toBe(10);
  });

  it("counts code words at half weight and ignores markdown syntax and link URLs", () => {
    expect(readingMinutes(`\`\`\`ts\n${"code ".repeat(460)}\n\`\`\``)).toBe(1);
    expect(readingMinutes(`\`\`\`ts\n${"code ".repeat(462)}\n\`\`\``)).toBe(2);
    const links = "[word](https://example.com/a/very/long/path/with/many/parts) ".repeat(230);
    expect(readingMinutes(links)).toBe(1);
  });
});

describe("readingMinutes: the writer's toolkit (decision 16)", () => {
  const words = (n: number) => "word ".repeat(n).trim();

  it("counts a terminal session, a diff and a math block as code, at half weight", () => {
    for (const lang of ["console", "diff-ts", "math", 'ts title="a.ts" {1-3} showLineNumbers']) {
      expect(readingMinutes(`\`\`\`${lang}\n${words(460)}\n\`\`\``), lang).toBe(1);
      expect(readingMinutes(`\`\`\`${lang}\n${words(462)}\n\`\`\``), lang).toBe(2);
    }
  });

  it("counts a display formula like code", () => {
    expect(readingMinutes(`$$\n${words(460)}\n$$`)).toBe(1);
    expect(readingMinutes(`$$\n${words(462)}\n$$`)).toBe(2);
  });

  it("does not count Shiki's notation or a callout's marker", () => {
    const notation = Array.from({ length: 230 }, () => "x // [!code highlight]").join("\n");
    expect(readingMinutes(`\`\`\`ts\n${notation}\n\`\`\`\n\n${words(115)}`)).toBe(1);
    expect(readingMinutes(`> [!NOTE]\n> ${words(230)}`)).toBe(1);
    expect(readingMinutes(`> [!NOTE]\n> ${words(231)}`)).toBe(2);
  });

  it("keeps a callout's marker and formulas out of excerpts", () => {
    expect(excerptFrom("$$\nx^2\n$$\n\n> [!TIP]\n> Use it.")).toBe("Use it.");
  });
});

describe("excerptFrom", () => {
  it("returns short plain text whole, with markdown syntax stripped", () => {
    const md =
      "# Title\n\nThis is **bold**, _italic_, `code` and a [link](https://example.com).\n\n```js\nconst x = 1;\n```";
    expect(excerptFrom(md)).toBe("This is bold, italic, code and a link.");
  });

  it("skips headings, code, images and list markers", () => {
    const md = "## Heading\n\n![alt](/a.png)\n\n```\ncode\n```\n\n- first item\n- second *item*\n\n> A quote.";
    expect(excerptFrom(md)).toBe("first item second item A quote.");
  });

  it("keeps underscores inside words and bare asterisks", () => {
    expect(excerptFrom("Call snake_case_name with 2 * 3.")).toBe("Call snake_case_name with 2 * 3.");
  });

  it("ends at a full sentence when that keeps at least half", () => {
    const md = `First sentence is here. Second sentence is also here! ${"more words ".repeat(30)}`;
    expect(excerptFrom(md, 80)).toBe("First sentence is here. Second sentence is also here!");
  });

  it("otherwise cuts at a word boundary with an ellipsis, within maxChars", () => {
    const md = "word ".repeat(100);
    const excerpt = excerptFrom(md, 50);
    expect(excerpt.endsWith("word…")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerptFrom("x".repeat(300), 20)).toBe(`${"x".repeat(19)}…`);
    expect(excerptFrom(`${"word ".repeat(100)}`).length).toBeLessThanOrEqual(200);
  });

  it("is empty for empty or code-only content", () => {
    expect(excerptFrom("")).toBe("");
    expect(excerptFrom("```\nonly code\n```")).toBe("");
  });
});
