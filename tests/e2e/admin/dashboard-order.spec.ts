/**
 * The dashboard's "All" view (issue 26, item 9): a new draft is on the first page, above every
 * published article, although more than a page of articles exists.
 */
import { expect, expectToast, fillArticleForm, hydrated, signInAsAdmin, test, uniqueArticle } from "./support";

test("a new draft is listed first, before the published articles, on page 1 of several", async ({
  page,
  jsEnabled,
}) => {
  await signInAsAdmin(page, jsEnabled);
  const article = uniqueArticle("order");
  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: article.title, slug: article.slug, content: "Work in progress." });
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expectToast(page, jsEnabled, "Draft saved");

  await page.goto("/admin/dashboard");
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Page 1 of");
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(50);
  // A row header is the title and the article's address under it.
  const titles = await page.getByRole("rowheader").allTextContents();
  const draftRow = titles.findIndex((title) => title.trim().startsWith(article.title));
  expect(draftRow).toBeGreaterThan(-1);
  // Status is the second cell after the title (its small-screen label hidden): every Draft or
  // Scheduled row comes before the first Published one.
  const statuses = (await rows.locator("td:nth-of-type(2)").allInnerTexts()).map((text) => text.trim());
  const firstPublished = statuses.findIndex((status) => status.startsWith("Published"));
  const lastUnpublished = statuses.findLastIndex((status) => /^(Draft|Scheduled)/.test(status));
  expect(firstPublished).toBeGreaterThan(-1);
  expect(lastUnpublished).toBeLessThan(firstPublished);
  expect(draftRow).toBeLessThan(firstPublished);
});
