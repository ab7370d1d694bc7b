import { describe, expect, it } from "vitest";
import { loginHref, pendingSaveOf, readingListSaveHref } from "~/lib/urls";

describe("the save a sign-in carries (pendingSaveOf)", () => {
  it("reads the article and the way back from the save page's address", () => {
    expect(pendingSaveOf(readingListSaveHref(42, "/category/react?page=2"))).toEqual({
      articleId: 42,
      returnTo: "/category/react?page=2",
    });
    expect(pendingSaveOf("/reading-list/save?article=7")).toEqual({ articleId: 7, returnTo: "/" });
    // What the login page receives: the redirectTo of loginHref, decoded.
    const redirectTo = new URL(loginHref(readingListSaveHref(3, "/")), "http://x").searchParams.get("redirectTo");
    expect(pendingSaveOf(redirectTo!)).toEqual({ articleId: 3, returnTo: "/" });
  });

  it("is null for any other address or a made-up article", () => {
    for (const target of [
      "/",
      "/reading-list",
      "/reading-list/save",
      "/reading-list/save?article=abc",
      "/reading-list/save?article=0",
      "/reading-list/save?article=99999999999",
      "/reading-list/save?article=-1",
      "//evil.example/reading-list/save?article=1",
      "https://evil.example/reading-list/save?article=1",
    ]) {
      expect(pendingSaveOf(target), target).toBeNull();
    }
  });
});
