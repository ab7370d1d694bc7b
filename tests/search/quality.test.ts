/**
 * The search quality set (issue 4, item 5): every query of quality-cases.ts against the fixture
 * corpus, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { searchArticles } from "~/search/search.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { type FixtureIds, fixtureArticles, insertSearchFixtures } from "./fixtures";
import { qualityCases } from "./quality-cases";

describe.each(testDatabaseKinds())("search quality (%s)", (kind) => {
  let handle: DatabaseHandle;
  let ids: FixtureIds;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    ids = await insertSearchFixtures(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("has a set of at least 25 queries", () => {
    expect(qualityCases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(
    qualityCases.map(
      (c) => [`${c.kind}: ${c.query || "(empty)"}${c.categories ? ` in ${c.categories.join(", ")}` : ""}`, c] as const,
    ),
  )("%s", async (_name, c) => {
    const categoryIds = (c.categories ?? []).map((slug) => ids.categories[slug as keyof FixtureIds["categories"]]);
    const results = await searchArticles({ keyword: c.query, categoryIds, pageSize: 100 });
    const slugs = results.articles.map((article) => article.slug);
    expect(results.total).toBe(slugs.length);
    if (c.first) expect(slugs.slice(0, c.first.length)).toEqual(c.first);
    if (c.firstAnyOrder)
      expect([...slugs.slice(0, c.firstAnyOrder.length)].sort()).toEqual([...c.firstAnyOrder].sort());
    if (c.exactly) expect([...slugs].sort()).toEqual([...c.exactly].sort());
    for (const slug of c.absent ?? []) expect(slugs).not.toContain(slug);
    // Whatever the query, results come from the corpus and none twice.
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(fixtureArticles.some((a) => a.slug === slug)).toBe(true);
  });
});
