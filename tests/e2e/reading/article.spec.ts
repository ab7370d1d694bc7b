import type { Page } from "@playwright/test";
import { articles as demoArticles } from "../../../app/seed/demo/articles";
import { headingId } from "../../../app/lib/content";
import { expect, hydrated, test } from "../support/fixtures";
import { expectNoSeriousAxeViolations, expectReadFailureScreen, failReads } from "./support";

const LONG = demoArticles.find((article) => article.slug === "understanding-the-javascript-event-loop")!;
const OTHER_LONG = demoArticles.find((article) => article.slug === "closures-explained-through-real-bugs")!;
const SHORT = demoArticles.find((article) => article.slug === "quick-tip-focus-visible")!;
const LAST_HEADING = "Practical takeaways";

const article = (page: Page) => page.getByRole("article");

/** The Continue Reading control: a button with JavaScript, a link to the full view without. */
function continueControl(page: Page, jsEnabled: boolean) {
  return page.getByRole("main").getByRole(jsEnabled ? "button" : "link", { name: "Continue Reading" });
}

test.describe("article page", () => {
  test("header: category badge, title, author, date, read time, cover image; title and canonical", async ({ page }) => {
    const response = await page.goto(`/post/${LONG.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${LONG.title} | DevPerspective`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/post\/understanding-the-javascript-event-loop$/,
    );
    const header = article(page).locator("header");
    await expect(header.getByRole("heading", { level: 1 })).toHaveText(LONG.title);
    await expect(header.getByText("JavaScript", { exact: true }).last()).toBeVisible();
    await expect(header.getByTestId("article-author")).toHaveText(LONG.author);
    await expect(header.locator("time")).toHaveAttribute("datetime", new Date(LONG.publishedAt).toISOString());
    await expect(header.locator("time")).toHaveText("February 11, 2025");
    await expect(header).toContainText(/\d+ min read/);
    const cover = article(page).locator(`img[src="${LONG.imageUrl}"]`);
    await expect(cover).toHaveAttribute("width", "1200");
    await expect(cover).toHaveAttribute("height", "630");
  });

  test("share links open the networks' share pages in a new tab", async ({ page, context, jsEnabled }) => {
    await context.route(/^https:\/\/(twitter\.com|www\.facebook\.com|www\.linkedin\.com)\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>share</title>" }),
    );
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    const share = page.getByRole("list", { name: "Share this article" });
    const canonical = (await page.locator('link[rel="canonical"]').getAttribute("href"))!;
    const expected: [string, string][] = [
      [
        "Twitter",
        `https://twitter.com/intent/tweet?text=${encodeURIComponent(LONG.title)}&url=${encodeURIComponent(canonical)}`,
      ],
      ["Facebook", `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`],
      ["LinkedIn", `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(canonical)}`],
    ];
    for (const [network, href] of expected) {
      const link = share.getByRole("link", { name: `Share on ${network} (opens in a new window)` });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    const [opened] = await Promise.all([
      context.waitForEvent("page"),
      share.getByRole("link", { name: /Share on LinkedIn/ }).click(),
    ]);
    await expect.poll(() => opened.url()).toBe(expected[2]![1]);
    // The article stays where it was.
    expect(page.url()).toContain(`/post/${LONG.slug}`);
  });

  test("with JavaScript, Share opens a 600x400 popup", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "The popup needs JavaScript");
    await page.addInitScript(() => {
      const calls: string[][] = [];
      (window as unknown as { __shareCalls: string[][] }).__shareCalls = calls;
      window.open = ((url: string, target: string, features: string) => {
        calls.push([url, target, features]);
        return { opener: window } as unknown as Window;
      }) as typeof window.open;
    });
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    for (const network of ["Twitter", "Facebook", "LinkedIn"]) {
      await page.getByRole("link", { name: `Share on ${network} (opens in a new window)` }).click();
    }
    const calls = await page.evaluate(() => (window as unknown as { __shareCalls: string[][] }).__shareCalls);
    expect(calls).toHaveLength(3);
    expect(calls[0]![0]).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?text=Understanding/);
    expect(calls[1]![0]).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
    expect(calls[2]![0]).toMatch(/^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=/);
    for (const [, , features] of calls) {
      expect(features).toContain("width=600");
      expect(features).toContain("height=400");
    }
    expect(page.url()).toContain(`/post/${LONG.slug}`);
  });

  test("Save, signed out, leads to sign-in and back to a page that completes the save", async ({ page, jsEnabled }) => {
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    const redirectTo = new URL(page.url()).searchParams.get("redirectTo") ?? "";
    expect(redirectTo).toMatch(/^\/reading-list\/save\?article=\d+&return=/);
    expect(new URL(redirectTo, page.url()).searchParams.get("return")).toBe(`/post/${LONG.slug}`);
  });

  test("a long article shows 4 paragraphs faded, then Continue Reading reveals the rest, the author and the discussion", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    const preview = page.getByTestId("article-preview");
    await expect(preview).toHaveClass(/article-preview-fade/);
    await expect(preview.locator(".prose-part > *")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: LAST_HEADING })).toHaveCount(0);
    await expect(page.getByTestId("author-card")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Join the Discussion" })).toHaveCount(0);

    const control = continueControl(page, jsEnabled);
    if (!jsEnabled) await expect(control).toHaveAttribute("href", `/post/${LONG.slug}?full=1#continue-reading`);
    await control.click();

    await expect(page.getByRole("heading", { level: 2, name: LAST_HEADING })).toBeVisible();
    await expect(page.getByTestId("article-preview")).toHaveCount(0);
    if (jsEnabled) {
      // Revealed in place: no navigation, and focus moves to where the article continues.
      expect(new URL(page.url()).search).toBe("");
      await expect(page.locator("#continue-reading")).toBeFocused();
    } else {
      expect(new URL(page.url()).search).toBe("?full=1");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/post/${LONG.slug}$`));
    }
    const author = page.getByTestId("author-card");
    await expect(author).toContainText(LONG.author);
    await expect(author).toContainText("Frontend engineer");
    await expect(author.locator("img")).toHaveAttribute("src", /\/images\/avatars\//);
    await expect(page.getByRole("heading", { name: "Join the Discussion" })).toBeVisible();
    // Load Comments: in place with JavaScript, a link to ?comments=all without (tests/e2e/comments).
    await page.getByRole(jsEnabled ? "button" : "link", { name: "Load Comments" }).click();
    await expect(page.getByTestId("comments")).toBeVisible();
  });

  test("the table of contents lists the h2/h3 headings on large screens and reaches past the preview", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc).toBeVisible();
    const entries = toc.getByRole("link");
    expect(await entries.count()).toBeGreaterThan(4);
    await expect(entries.first()).toHaveText("The call stack");
    await expect(entries.first()).toHaveAttribute("href", "#the-call-stack");
    const last = toc.getByRole("link", { name: LAST_HEADING });
    await expect(last).toHaveAttribute("href", `/post/${LONG.slug}?full=1#${headingId(LAST_HEADING)}`);
    await last.click();
    const heading = page.getByRole("heading", { level: 2, name: LAST_HEADING });
    await expect(heading).toBeInViewport();
    await expect(heading).toHaveAttribute("id", headingId(LAST_HEADING));
    if (jsEnabled) expect(new URL(page.url()).search).toBe("");
    // Once everything is shown, every entry points at a heading in the page.
    for (const link of await toc.getByRole("link").all()) {
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^#/);
      await expect(page.locator(`.prose-article [id="${href.slice(1)}"]`)).toHaveCount(1);
    }
  });

  test("heading anchors follow the spec's rule; code is highlighted on the server; nothing executable", async ({
    page,
  }) => {
    await page.goto(`/post/${LONG.slug}?full=1`);
    const headings = page.locator(".prose-article :is(h2, h3)");
    expect(await headings.count()).toBeGreaterThan(4);
    for (const heading of await headings.all()) {
      const text = (await heading.textContent())!.trim();
      await expect(heading).toHaveAttribute("id", new RegExp(`^${headingId(text)}(-\\d+)?$`));
    }
    // Shiki ran at save: the colours are in the HTML the server sent.
    expect(await page.locator(".prose-article pre.shiki span[style]").count()).toBeGreaterThan(10);
    const executable = await page.locator(".prose-article").evaluate((root) => ({
      scripts: root.querySelectorAll("script, iframe, object, embed").length,
      handlers: [...root.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name)))
        .length,
      javascriptUrls: [...root.querySelectorAll("[href], [src]")].filter((el) =>
        /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""),
      ).length,
    }));
    expect(executable).toEqual({ scripts: 0, handlers: 0, javascriptUrls: 0 });
  });

  test("the reading-progress bar follows scrolling, with JavaScript only, hidden from screen readers", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto(`/post/${LONG.slug}?full=1`);
    await hydrated(page, jsEnabled);
    const bar = page.getByTestId("reading-progress");
    await expect(bar).toHaveAttribute("aria-hidden", "true");
    if (!jsEnabled) {
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("data-progress", "0.00");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect.poll(async () => Number(await bar.getAttribute("data-progress"))).toBeGreaterThan(0.2);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(async () => Number(await bar.getAttribute("data-progress"))).toBe(1);
  });

  test("the preview starts over when the slug changes", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "Without JavaScript every article is a fresh page");
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    await continueControl(page, true).click();
    await expect(page.getByTestId("author-card")).toBeVisible();
    // Client-side navigation: breadcrumb to the category, then another long article.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "JavaScript" }).click();
    await expect(page).toHaveURL(/\/category\/javascript$/);
    await page.getByRole("link", { name: OTHER_LONG.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OTHER_LONG.title);
    await expect(continueControl(page, true)).toBeVisible();
    await expect(page.getByTestId("author-card")).toHaveCount(0);
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LONG.title);
    await expect(continueControl(page, true)).toBeVisible();
  });

  test("a short article shows everything at once", async ({ page, jsEnabled }) => {
    await page.goto(`/post/${SHORT.slug}`);
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHORT.title);
    await expect(page.getByRole("main").getByText("Continue Reading")).toHaveCount(0);
    await expect(page.getByTestId("article-content")).toBeVisible();
    await expect(page.getByTestId("author-card")).toContainText(SHORT.author);
    await expect(page.getByRole("heading", { name: "Join the Discussion" })).toBeVisible();
    // No cover image: the article page shows none (cards use a placeholder instead).
    await expect(article(page).locator("img[width='1200']")).toHaveCount(0);
  });

  test("an unknown slug answers 404 with 'Article not found' and Back to Home", async ({ page, jsEnabled }) => {
    const response = await page.goto("/post/no-such-article");
    expect(response?.status()).toBe(404);
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("Article not found | DevPerspective");
    await expect(page.getByRole("heading", { level: 1, name: "Article not found" })).toBeVisible();
    if (jsEnabled) {
      await expect(page.locator("[data-sonner-toast]", { hasText: "Error fetching article" })).toContainText(
        "Article not found.",
      );
    }
    await page.getByRole("link", { name: /Back to Home/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Code with Perspective" })).toBeVisible();
  });

  test("odd slugs are just not found", async ({ page }) => {
    for (const slug of ["UPPER-Case", "dots.and.more", "x".repeat(300), "a--b", "%E2%80%AE"]) {
      const response = await page.goto(`/post/${slug}`);
      expect(response?.status(), slug).toBe(404);
    }
    // A NUL byte never reaches the database: refused (400) or simply not found (404).
    const nul = await page.goto("/post/abc%00def");
    expect([400, 404]).toContain(nul?.status());
  });

  test("/article/{slug} redirects permanently to /post/{slug}", async ({ request }) => {
    const response = await request.get(`/article/${LONG.slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/post/${LONG.slug}`);
  });

  test("a failed read keeps the frame and shows 'Error fetching article'", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    await failReads(context, baseURL!);
    const response = await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectReadFailureScreen(page, response, { title: "Error fetching article", jsEnabled });
    await expect(page).toHaveTitle("Error fetching article | DevPerspective");
  });

  test("no serious accessibility violations (preview and full)", async ({ page, jsEnabled }) => {
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
    await page.goto(`/post/${LONG.slug}?full=1`);
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});

test.describe("article page on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("fits the screen, code scrolls inside its block, no table of contents", async ({ page, jsEnabled }) => {
    await page.goto(`/post/${LONG.slug}?full=1`);
    await hydrated(page, jsEnabled);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole("navigation", { name: "On this page" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const share = page.getByRole("list", { name: "Share this article" });
    await expect(share).toBeVisible();
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
