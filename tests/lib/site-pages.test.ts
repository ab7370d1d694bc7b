import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { RESERVED_PAGE_SLUGS, SITE_PAGE_SLUGS } from "~/lib/site-pages";

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** The first path segment of every route (layouts contribute their children's). */
function firstSegments(entries: readonly RouteEntry[], into = new Set<string>()) {
  for (const entry of entries) {
    const first = entry.path?.split("/")[0];
    if (first) into.add(first);
    else if (entry.children) firstSegments(entry.children, into);
  }
  return into;
}

describe("RESERVED_PAGE_SLUGS", () => {
  it("holds every first path segment of the app's routes that a page slug could take", () => {
    const taken = [...firstSegments(routes as RouteEntry[])].filter(
      // Site pages are pages; parameters, the catch-all, file names and test hooks are no slugs.
      (segment) => !SITE_PAGE_SLUGS.has(segment) && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(segment),
    );
    expect(taken).toEqual(expect.arrayContaining(["post", "admin", "search", "about"]));
    expect(taken.filter((segment) => !RESERVED_PAGE_SLUGS.has(segment))).toEqual([]);
  });
});
