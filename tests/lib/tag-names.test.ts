import { describe, expect, it } from "vitest";
import { ArticleSchema } from "~/lib/article-schema";
import { cleanTagName, parseTagList, TAG_MESSAGES, tagSlug } from "~/lib/tag-names";

describe("tag names", () => {
  it("normalises case, spaces and punctuation: React, react and #react are one tag", () => {
    expect(tagSlug("React")).toBe("react");
    expect(tagSlug("react ")).toBe("react");
    expect(tagSlug("#react")).toBe("react");
    expect(tagSlug("  ##React  ")).toBe("react");
    expect(tagSlug("React Native")).toBe("react-native");
    expect(tagSlug("Node.js")).toBe("nodejs");
    expect(tagSlug("C#")).toBe("csharp");
    expect(tagSlug("C++")).toBe("cpp");
    expect(tagSlug("Café / Crème")).toBe("cafe-creme");
    expect(tagSlug("!!!")).toBe("");
    expect(cleanTagName("  #Web   Perf ")).toBe("Web Perf");
  });

  it("reads a comma-separated field: blanks skipped, duplicates kept once, first spelling wins", () => {
    expect(parseTagList("React, react , #react, ,Testing")).toEqual({
      tags: [
        { name: "React", slug: "react" },
        { name: "Testing", slug: "testing" },
      ],
      errors: [],
    });
  });

  it("refuses more than 5 tags, a tag longer than 32 characters and one without letters", () => {
    expect(parseTagList("a, b, c, d, e").errors).toEqual([]);
    expect(parseTagList("a, b, c, d, e, f").errors).toEqual([TAG_MESSAGES.tooMany]);
    const long = "x".repeat(33);
    expect(parseTagList(`ok, ${long}`).errors).toEqual([TAG_MESSAGES.tooLong(long)]);
    expect(parseTagList("x".repeat(32)).errors).toEqual([]);
    expect(parseTagList("react, ???").errors).toEqual([TAG_MESSAGES.noLetters("???")]);
  });

  it("makes them field errors of the article form's one schema", () => {
    const base = { title: "T", slug: "t", content: "Body" };
    expect(ArticleSchema.safeParse({ ...base, tags: "a, b, c, d, e" }).success).toBe(true);
    const tooMany = ArticleSchema.safeParse({ ...base, tags: "a, b, c, d, e, f" });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["tags", TAG_MESSAGES.tooMany],
    ]);
    const tooLong = ArticleSchema.safeParse({ ...base, tags: "y".repeat(40) });
    expect(tooLong.error?.issues[0]?.message).toBe(TAG_MESSAGES.tooLong("y".repeat(40)));
  });
});
