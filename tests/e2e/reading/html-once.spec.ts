/**
 * HTML once (docs/decisions/0010-html-once.md): the article body and the interview answers are
 * in the page's HTML and not repeated in the inline hydration data; the page still hydrates
 * cleanly from what it rendered, and client-side navigations (which fetch `.data`) still show
 * the whole article and every answer.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { articles as demoArticles } from "../../../app/seed/demo/articles";
import { expect, hydrated, test } from "../support/fixtures";

const LONG = demoArticles.find((article) => article.slug === "understanding-the-javascript-event-loop")!;
const LONGEST = [...demoArticles].sort((a, b) => b.content.length - a.content.length)[0]!;
const LAST_HEADING = "Practical takeaways";

/** Bytes of inline <script> content (the hydration data and the router's bootstrap). */
async function inlineScriptKb(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  let bytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(match[1] ?? "")) continue;
    bytes += Buffer.byteLength(match[2] ?? "");
  }
  return { kb: bytes / 1024, html };
}

/** Console errors and uncaught exceptions (a hydration mismatch is reported as one). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("HTML once", () => {
  test("the article body is not repeated in the inline data, whatever its length", async ({ request }) => {
    for (const slug of [LONG.slug, LONGEST.slug]) {
      for (const path of [`/post/${slug}`, `/post/${slug}?full=1`]) {
        const { kb, html } = await inlineScriptKb(request, path);
        expect(kb, path).toBeLessThanOrEqual(15);
        // The article is in the HTML (the rest inert in a <template> while the preview shows).
        expect(html).toContain('data-html-once="article-head"');
      }
    }
  });

  test("interview answers are not repeated in the inline data", async ({ request }) => {
    const { kb, html } = await inlineScriptKb(request, "/interview-prep");
    expect(kb).toBeLessThanOrEqual(30);
    expect(html.match(/data-html-once="answer-\d+"/g)?.length ?? 0).toBeGreaterThanOrEqual(40);
  });

  test("the article hydrates from its own HTML; Continue Reading and the table of contents still work", async ({
    page,
    jsEnabled,
  }) => {
    const errors = collectErrors(page);
    await page.goto(`/post/${LONG.slug}`);
    await hydrated(page, jsEnabled);
    const preview = page.getByTestId("article-preview");
    await expect(preview.locator(".prose-part > *")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: LAST_HEADING })).toHaveCount(0);
    const control = page.getByRole("main").getByRole(jsEnabled ? "button" : "link", { name: "Continue Reading" });
    await control.click();
    await expect(page.getByRole("heading", { level: 2, name: LAST_HEADING })).toBeVisible();
    // Each heading once: nothing rendered twice, nothing lost.
    await expect(page.locator(".prose-article h2")).toHaveCount([...LONG.content.matchAll(/^## /gm)].length);
    expect(errors).toEqual([]);
  });

  test("a client-side navigation to an article and to the practice page shows everything", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "client-side navigation needs JavaScript");
    const errors = collectErrors(page);
    await page.goto("/about");
    await hydrated(page, jsEnabled);
    // A client-side navigation: the router fetches the article's data (.data), not a document.
    const data = page.waitForResponse((response) => response.url().includes(`/post/${LONG.slug}.data`));
    await page.getByRole("banner").getByRole("link", { name: "Interview Prep" }).first().click();
    await page.waitForURL(/\/interview-prep$/);
    const card = page.getByTestId("question-card").first();
    await card.getByText("View Answer").click();
    await expect(card.locator(".prose-article")).not.toBeEmpty();
    // Back to an article through the router: its body comes with the data.
    await page.evaluate((href) => {
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
      ).__reactRouterDataRouter.navigate(href);
    }, `/post/${LONG.slug}`);
    await data;
    await expect(page.getByTestId("article-preview").locator(".prose-part > *")).toHaveCount(4);
    await page.getByRole("main").getByRole("button", { name: "Continue Reading" }).click();
    await expect(page.getByRole("heading", { level: 2, name: LAST_HEADING })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
