import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/admin/dashboard")).toBe("/admin/dashboard");
    expect(safeRedirectPath("/search?q=a%20b#top")).toBe("/search?q=a%20b#top");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/\tevil",
    " //evil.example",
    "",
    "relative/path",
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target, "/fallback")).toBe("/fallback");
  });

  it("refuses non-strings", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/a"])).toBe("/");
  });
});
