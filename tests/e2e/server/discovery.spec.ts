import { expect, test } from "@playwright/test";
import Parser from "rss-parser";
import { baseURL } from "../../../playwright.config";

const metaContent = (html: string, attribute: "name" | "property", key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, body]) => JSON.parse(body!));

async function firstArticlePath(request: import("@playwright/test").APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  return new URL(/<loc>([^<]*\/post\/[^<]+)<\/loc>/.exec(sitemap)![1]!).pathname;
}

test.describe("feeds", () => {
  for (const [path, type] of [
    ["/rss.xml", "application/rss+xml"],
    ["/atom.xml", "application/atom+xml"],
    ["/feed.json", "application/feed+json"],
  ] as const) {
    test(`${path} has the right type and answers 304 when unchanged`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain(type);
      const etag = response.headers().etag!;
      const lastModified = response.headers()["last-modified"]!;
      expect(etag).toBeTruthy();
      expect(lastModified).toBeTruthy();
      expect((await request.get(path, { headers: { "If-None-Match": etag } })).status()).toBe(304);
      expect((await request.get(path, { headers: { "If-Modified-Since": lastModified } })).status()).toBe(304);
    });
  }

  test("the RSS feed parses and links to absolute article URLs", async ({ request }) => {
    const feed = await new Parser().parseString(await (await request.get("/rss.xml")).text());
    expect(feed.items.length).toBeGreaterThanOrEqual(30);
    expect(feed.items[0]?.link).toMatch(new RegExp(`^${baseURL}/post/`));
  });

  test("a category has its own RSS feed; an unknown one is a 404", async ({ request }) => {
    const response = await request.get("/category/javascript/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const feed = await new Parser().parseString(await response.text());
    expect(feed.items.length).toBeGreaterThan(0);
    for (const item of feed.items) expect(item.categories).toContain("JavaScript");
    expect((await request.get("/category/no-such-topic/rss.xml")).status()).toBe(404);
  });

  test("every page advertises the feeds", async ({ request }) => {
    const html = await (await request.get("/about")).text();
    expect(html).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml"');
    expect(html).toContain('<link rel="alternate" type="application/feed+json"');
  });
});

test.describe("sitemap and robots", () => {
  test("robots.txt points at the sitemap and keeps crawlers out of /admin", async ({ request }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("the sitemap lists articles with lastmod, categories and static pages", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    expect(xml).toContain(`<loc>${baseURL}/</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/category/react</loc>`);
    expect(xml).toMatch(/<url><loc>[^<]+\/post\/[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });
});

test.describe("metadata", () => {
  test("the home page: title with tagline, description, canonical, OpenGraph and a WebSite SearchAction", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("<title>DevPerspective — Code with Perspective</title>");
    expect(metaContent(html, "name", "description")).toBeTruthy();
    expect(canonical(html)).toBe(`${baseURL}/`);
    expect(metaContent(html, "property", "og:image")).toBe(`${baseURL}/images/og-default.png`);
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    const website = jsonLd(html).find((item) => item["@type"] === "WebSite");
    expect(website.potentialAction.target.urlTemplate).toBe(`${baseURL}/search?q={search_term_string}`);
  });

  test("an article: canonical /post/{slug}, article tags, BlogPosting and breadcrumbs", async ({ request }) => {
    const path = await firstArticlePath(request);
    const html = await (await request.get(`${path}?full=1`)).text();
    expect(canonical(html)).toBe(`${baseURL}${path}`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "article:published_time")).toMatch(/^\d{4}-/);
    expect(metaContent(html, "property", "article:author")).toBeTruthy();
    const description = metaContent(html, "name", "description");
    expect(description?.length).toBeGreaterThan(20);
    expect(description?.length).toBeLessThanOrEqual(160);
    const items = jsonLd(html);
    const posting = items.find((item) => item["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: expect.any(String),
      datePublished: expect.any(String),
      dateModified: expect.any(String),
    });
    expect(posting.author.name).toBeTruthy();
    expect(posting.image[0]).toMatch(/^http/);
    const breadcrumbs = items.find((item) => item["@type"] === "BreadcrumbList");
    expect(breadcrumbs.itemListElement.at(-1).item).toBe(`${baseURL}${path}`);
  });

  test("a category page has a canonical URL and breadcrumbs; search has a description", async ({ request }) => {
    const html = await (await request.get("/category/react")).text();
    expect(canonical(html)).toBe(`${baseURL}/category/react`);
    expect(jsonLd(html).some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
    const search = await (await request.get("/search")).text();
    expect(metaContent(search, "name", "description")).toBeTruthy();
    expect(canonical(search)).toBe(`${baseURL}/search`);
  });

  test("sign-in, registration and admin pages are kept out of search engines", async ({ request }) => {
    for (const path of ["/login", "/register", "/admin/login"]) {
      const html = await (await request.get(path)).text();
      expect(metaContent(html, "name", "robots"), path).toContain("noindex");
    }
  });
});

test.describe("machine-readable articles", () => {
  test("/post/{slug}.md and Accept: text/markdown answer the markdown source", async ({ request }) => {
    const path = await firstArticlePath(request);
    const byExtension = await request.get(`${path}.md`);
    expect(byExtension.status()).toBe(200);
    expect(byExtension.headers()["content-type"]).toContain("text/markdown");
    const body = await byExtension.text();
    expect(body).toMatch(/^# .+\n/);
    expect(body).toContain(`URL: ${baseURL}${path}`);
    const byAccept = await request.get(path, { headers: { Accept: "text/markdown" } });
    expect(byAccept.headers()["content-type"]).toContain("text/markdown");
    expect(await byAccept.text()).toBe(body);
    const browser = await request.get(path, { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(browser.headers()["content-type"]).toContain("text/html");
    expect((await request.get("/post/no-such-article.md")).status()).toBe(404);
  });

  test("/llms.txt lists the site and its newest articles with markdown links", async ({ request }) => {
    const body = await (await request.get("/llms.txt")).text();
    expect(body).toMatch(/^# DevPerspective\n/);
    expect(body).toMatch(new RegExp(`\\(${baseURL}/post/[a-z0-9-]+\\.md\\)`));
  });
});
