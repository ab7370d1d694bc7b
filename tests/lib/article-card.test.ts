import { describe, expect, it } from "vitest";
import { categoryBadgeClass, placeholderImageFor } from "~/lib/article-card";

describe("article card rules", () => {
  it("picks a stable local placeholder per id", () => {
    expect(placeholderImageFor(1)).toBe("/images/placeholders/tech-2.svg");
    expect(placeholderImageFor(8)).toBe("/images/placeholders/tech-1.svg");
    expect(placeholderImageFor(1)).toBe(placeholderImageFor(9));
  });

  it("gives the spec's categories fixed colours and every other category grey", () => {
    const grey = categoryBadgeClass("Database");
    expect(categoryBadgeClass(null)).toBe(grey);
    for (const name of [
      "JavaScript",
      "React",
      "CSS",
      "DevTools",
      "Tutorial",
      "Tutorials",
      "Opinion",
      "AI Development",
      "AI & Development",
    ]) {
      expect(categoryBadgeClass(name), name).not.toBe(grey);
    }
    expect(categoryBadgeClass("JavaScript")).not.toBe(categoryBadgeClass("React"));
  });
});
