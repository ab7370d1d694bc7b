import { XMLParser, XMLValidator } from "fast-xml-parser";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent } from "~/seed/seed.server";
import { absolutizeUrls, buildFeed, FEED_ITEM_LIMIT, renderFeed, siteFeedScope } from "~/discovery/feeds.server";
import { conditionalResponse } from "~/discovery/http-cache.server";
import { sitemapDocument, sitemapPiece } from "~/discovery/sitemap.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const SITE = "http://localhost:3000";

describe.each(testDatabaseKinds())("feeds and sitemap on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("RSS 2.0 parses in a real feed reader with full content, authors, categories and absolute links", async () => {
    const { feed } = await buildFeed(siteFeedScope());
    const parsed = await new Parser().parseString(renderFeed(feed, "rss"));
    expect(parsed.title).toContain("DevPerspective");
    expect(parsed.items.length).toBeGreaterThanOrEqual(30);
    expect(parsed.items.length).toBeLessThanOrEqual(FEED_ITEM_LIMIT);
    const dates = parsed.items.map((item) => Date.parse(item.isoDate ?? ""));
    expect(dates.every((date) => Number.isFinite(date))).toBe(true);
    for (const item of parsed.items) {
      expect(item.link).toMatch(new RegExp(`^${SITE}/post/[a-z0-9-]+$`));
      expect(item["content:encoded"] ?? item.content).toMatch(/<(p|h2|ul|pre)/);
      expect(item.categories?.length).toBeGreaterThan(0);
      expect(item.creator ?? item.author).toBeTruthy();
    }
    const html = parsed.items.map((item) => item["content:encoded"] ?? "").join("");
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
    expect(html).not.toContain("<script");
  });

  it("Atom parses and lists the same articles", async () => {
    const { feed } = await buildFeed(siteFeedScope());
    const rss = await new Parser().parseString(renderFeed(feed, "rss"));
    const atom = await new Parser().parseString(renderFeed(feed, "atom"));
    expect(atom.items.map((item) => item.link)).toEqual(rss.items.map((item) => item.link));
    expect(atom.items[0]?.author).toBeTruthy();
  });

  it("JSON Feed 1.1 holds items with content_html, authors and dates", async () => {
    const { feed } = await buildFeed(siteFeedScope());
    const json = JSON.parse(renderFeed(feed, "json"));
    expect(json.version).toMatch(/^https:\/\/jsonfeed\.org\/version\/1/);
    expect(json.items.length).toBeGreaterThanOrEqual(30);
    for (const item of json.items) {
      expect(item.url).toMatch(/^http:\/\/localhost:3000\/post\//);
      expect(item.content_html).toBeTruthy();
      expect(Date.parse(item.date_published)).not.toBeNaN();
    }
  });

  it("the sitemap is valid XML listing static pages, categories and every article with lastmod", async () => {
    const { xml } = await sitemapDocument();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(doc.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls: Array<{ loc: string; lastmod?: string }> = doc.urlset.url;
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/category/javascript`);
    expect(locs).toContain(`${SITE}/whats-new`);
    const posts = urls.filter((url) => url.loc.includes("/post/"));
    expect(posts.length).toBeGreaterThanOrEqual(45);
    expect(posts.every((url) => url.lastmod && !Number.isNaN(Date.parse(url.lastmod)))).toBe(true);
  });

  it("past the per-file limit the sitemap becomes an index whose pieces cover every article", async () => {
    const { xml } = await sitemapDocument(20);
    expect(XMLValidator.validate(xml)).toBe(true);
    const index = new XMLParser().parse(xml).sitemapindex.sitemap as Array<{ loc: string }>;
    const names = index.map((entry) => new URL(entry.loc).pathname.replace(/^\/sitemaps\/|\.xml$/g, ""));
    expect(names[0]).toBe("pages");
    let articleUrls = 0;
    for (const name of names.slice(1)) {
      const piece = await sitemapPiece(name, 20);
      expect(piece, name).not.toBeNull();
      expect(XMLValidator.validate(piece!.xml)).toBe(true);
      const urls = [new XMLParser().parse(piece!.xml).urlset.url].flat();
      expect(urls.length).toBeLessThanOrEqual(20);
      articleUrls += urls.length;
    }
    const { xml: full } = await sitemapDocument();
    expect(articleUrls).toBe((full.match(/\/post\//g) ?? []).length);
    expect(await sitemapPiece("articles-999", 20)).toBeNull();
    expect(await sitemapPiece("../etc/passwd", 20)).toBeNull();
  });
});

describe("conditional responses", () => {
  it("answers 304 to a matching ETag or an unchanged Last-Modified", async () => {
    const lastModified = new Date("2026-01-02T03:04:05.678Z");
    const first = conditionalResponse(new Request(`${SITE}/rss.xml`), "<rss/>", {
      contentType: "application/rss+xml",
      lastModified,
    });
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag")!;
    expect(first.headers.get("Last-Modified")).toBe(lastModified.toUTCString());
    const byTag = conditionalResponse(
      new Request(`${SITE}/rss.xml`, { headers: { "If-None-Match": etag } }),
      "<rss/>",
      {
        contentType: "application/rss+xml",
      },
    );
    expect(byTag.status).toBe(304);
    const byDate = conditionalResponse(
      new Request(`${SITE}/rss.xml`, { headers: { "If-Modified-Since": lastModified.toUTCString() } }),
      "<rss/>",
      { contentType: "application/rss+xml", lastModified },
    );
    expect(byDate.status).toBe(304);
    const changed = conditionalResponse(
      new Request(`${SITE}/rss.xml`, { headers: { "If-None-Match": etag } }),
      "<rss></rss>",
      {
        contentType: "application/rss+xml",
      },
    );
    expect(changed.status).toBe(200);
  });

  it("makes root-relative URLs absolute and leaves others alone", () => {
    expect(
      absolutizeUrls('<img src="/images/a.svg"> <a href="//cdn.example/x"></a> <a href="https://x.dev/">', SITE),
    ).toBe(`<img src="${SITE}/images/a.svg"> <a href="//cdn.example/x"></a> <a href="https://x.dev/">`);
  });
});
