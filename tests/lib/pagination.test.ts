import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { categoryHref, dashboardHref, postHref, searchHref, whatsNewHref } from "~/lib/urls";

describe("the pagination rule", () => {
  it("reads ?page= strictly: absent is 1, anything but a page number is null", () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("")).toBe(1);
    expect(parsePageParam("2")).toBe(2);
    expect(parsePageParam(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const bad of ["0", "-1", "-2", "1.5", "abc", "%00", " 2", "1e3", "0x10", String(MAX_PAGE + 1), "99999999"]) {
      expect(parsePageParam(bad), bad).toBeNull();
    }
  });

  it("reads page 1 for a value that is not a page number", () => {
    expect(pageToRead(null)).toBe(1);
    expect(pageToRead(7)).toBe(7);
  });

  it("redirects what is not a page of the list: to page 1, or to the last page", () => {
    expect(pageRedirectTarget(1, 1)).toBeNull();
    expect(pageRedirectTarget(3, 5)).toBeNull();
    expect(pageRedirectTarget(5, 5)).toBeNull();
    expect(pageRedirectTarget(6, 5)).toBe(5);
    expect(pageRedirectTarget(MAX_PAGE, 2)).toBe(2);
    expect(pageRedirectTarget(null, 5)).toBe(1);
    // An empty list has one (empty) page.
    expect(pageRedirectTarget(1, 0)).toBeNull();
    expect(pageRedirectTarget(2, 0)).toBe(1);
  });
});

describe("page URLs", () => {
  it("leave page 1 and default options out", () => {
    expect(categoryHref("react")).toBe("/category/react");
    expect(categoryHref("react", { page: 1, view: "grid" })).toBe("/category/react");
    expect(categoryHref("react", { page: 3, view: "list" })).toBe("/category/react?page=3&view=list");
    expect(whatsNewHref()).toBe("/whats-new");
    expect(whatsNewHref(2)).toBe("/whats-new?page=2");
    expect(dashboardHref()).toBe("/admin/dashboard");
    expect(dashboardHref({ q: "hooks & state", page: 2 })).toBe("/admin/dashboard?q=hooks+%26+state&page=2");
    expect(postHref("a b")).toBe("/post/a%20b");
  });

  it("write search URLs without empty parts", () => {
    expect(searchHref({ q: "", categoryIds: [] })).toBe("/search");
    expect(searchHref({ q: "react & vue", categoryIds: [1, 2], page: 2 })).toBe(
      "/search?q=react+%26+vue&category=1&category=2&page=2",
    );
    expect(searchHref({ q: "x", categoryIds: [], page: 1 })).toBe("/search?q=x");
  });
});
