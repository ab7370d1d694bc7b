/**
 * Series and tags (issue 26) in the browser, with JavaScript on and off: an editor makes a series
 * and writes three tagged parts in the editor; readers follow Part 1 → 2 → 3, find the parts from
 * the series page, the tag page, the tag feed and a tag filter in search; editors reorder parts
 * (Move up / Move down); the tag field's limits are field errors; an administrator's rename keeps
 * the old address answering 301. axe finds no serious violation on these pages.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../support/page-checks";
import {
  expect,
  expectFieldError,
  expectToast,
  fillArticleForm,
  hydrated,
  signInAsAdmin,
  test,
  uniqueArticle,
} from "./support";

/** A short name no other run uses (a tag is at most 32 characters). */
const shortToken = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`;

async function createSeries(page: Page, jsEnabled: boolean, name: string) {
  await page.goto("/admin/series");
  await hydrated(page, jsEnabled);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create Series" }).click();
  await expectToast(page, jsEnabled, "Series created");
  await expect(page).toHaveURL(/\/admin\/series\/\d+$/);
}

async function writePart(
  page: Page,
  jsEnabled: boolean,
  values: { title: string; slug: string; tags: string; series: string },
) {
  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: values.title, slug: values.slug, content: `The text of ${values.title}.` });
  await page.getByLabel("Tags").fill(values.tags);
  await page.getByLabel("Series").selectOption({ label: values.series });
  await page.getByRole("button", { name: "Create Article", exact: true }).click();
  await expectToast(page, jsEnabled, "Article created successfully");
}

test("a three-part tagged series: Part 1 → 2 → 3, the series page, the tag page and feed, the tag filter", async ({
  page,
  jsEnabled,
}) => {
  // Three articles made through the admin and eight pages checked (each with axe and the HTML
  // checker): 60 s with JavaScript, 85–95 s without on a slow two-core machine under the full suite.
  test.setTimeout(180_000);
  const token = shortToken();
  const seriesName = `Series ${token}`;
  const tagName = `Topic${token}`;
  const tagSlug = tagName.toLowerCase();
  await signInAsAdmin(page, jsEnabled);
  await createSeries(page, jsEnabled, seriesName);
  const parts = [1, 2, 3].map((n) => ({ ...uniqueArticle(`part${n}`), n }));
  for (const part of parts) {
    await writePart(page, jsEnabled, {
      title: part.title,
      slug: part.slug,
      // Spelled three ways: one tag.
      tags: [`#${tagName}`, `${tagName.toUpperCase()} `, tagName][part.n - 1]!,
      series: seriesName,
    });
  }

  // Readers (signed out) follow the series from its first part.
  await page.context().clearCookies();
  await page.goto(`/post/${parts[0]!.slug}`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("series-banner")).toHaveText(`Part 1 of 3 in the series ${seriesName}`);
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link", { name: tagName })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Previous: Part/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, jsEnabled);
  await page.getByRole("link", { name: /^Next: Part 2/ }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${parts[1]!.slug}$`));
  await expect(page.getByTestId("series-banner")).toContainText("Part 2 of 3");
  await expect(page.getByRole("link", { name: /^Previous: Part 1/ })).toBeVisible();
  await page.getByRole("link", { name: /^Next: Part 3/ }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${parts[2]!.slug}$`));
  await expect(page.getByTestId("series-banner")).toContainText("Part 3 of 3");
  await expect(page.getByRole("link", { name: /^Next: Part/ })).toHaveCount(0);

  // The series page lists the parts in order.
  await page.getByTestId("series-banner").getByRole("link", { name: seriesName }).click();
  await expect(page.getByRole("heading", { level: 1, name: seriesName })).toBeVisible();
  await expect(page.getByTestId("series-parts").getByRole("heading", { level: 2 })).toHaveText(
    parts.map((part) => part.title),
  );
  await expectNoSeriousAxeViolations(page, jsEnabled);

  // The tag page lists the three parts; its address is canonical; the tag's feed has them.
  await page.goto(`/tag/${tagName}`);
  await expect(page).toHaveURL(new RegExp(`/tag/${tagSlug}$`));
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${tagName}`);
  const cards = page.getByTestId("article-card");
  await expect(cards).toHaveCount(3);
  // The "#" is decoration: the link's name is the tag's.
  await expect(cards.first().getByRole("link", { name: tagName, exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, jsEnabled);
  const feed = await page.request.get(`/tag/${tagSlug}/rss.xml`);
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  for (const part of parts) expect(xml).toContain(`/post/${part.slug}`);
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/tag/${tagSlug}</loc>`);

  // Search: the tag chip narrows the results (applied at once with JavaScript).
  await page.goto("/search");
  await hydrated(page, jsEnabled);
  await page.getByText("Filters", { exact: true }).click();
  await page
    .getByRole("group", { name: "Narrow the results to one or more tags" })
    .getByText(`#${tagName}`, { exact: true })
    .click();
  if (!jsEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${tagSlug}`));
  await expect(page.getByTestId("search-summary")).toContainText("3 results");
  await expect(page.getByRole("list", { name: "Search results" }).getByTestId("article-card")).toHaveCount(3);
  await expectNoSeriousAxeViolations(page, jsEnabled);
});

test("editors reorder a series' parts with Move up and Move down; a draft part is not counted", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(90_000);
  const token = shortToken();
  const seriesName = `Order ${token}`;
  await signInAsAdmin(page, jsEnabled);
  await createSeries(page, jsEnabled, seriesName);
  const seriesUrl = page.url();
  const first = uniqueArticle("first");
  const second = uniqueArticle("second");
  for (const part of [first, second])
    await writePart(page, jsEnabled, { title: part.title, slug: part.slug, tags: "", series: seriesName });
  const draft = uniqueArticle("draft");
  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: draft.title, slug: draft.slug, content: "Not yet." });
  await page.getByLabel("Series").selectOption({ label: seriesName });
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expectToast(page, jsEnabled, "Draft saved");

  await page.goto(seriesUrl);
  await hydrated(page, jsEnabled);
  const list = page.getByTestId("series-part-list");
  await expect(list.getByRole("link")).toHaveText([first.title, second.title, draft.title]);
  await page.getByRole("button", { name: `Move up: ${second.title}` }).click();
  await expect(list.getByRole("link")).toHaveText([second.title, first.title, draft.title]);
  await page.getByRole("button", { name: `Move down: ${first.title}` }).click();
  await expect(list.getByRole("link")).toHaveText([second.title, draft.title, first.title]);
  await expectNoSeriousAxeViolations(page, jsEnabled);

  // Readers: two parts, in the new order; the draft neither shown nor counted.
  await page.context().clearCookies();
  await page.goto(`/post/${first.slug}`);
  await expect(page.getByTestId("series-banner")).toContainText("Part 2 of 2");
  await expect(page.getByRole("link", { name: /^Previous: Part 1/ })).toContainText(second.title);
});

test("the Tags field refuses more than 5 tags and a tag longer than 32 characters, keeping what was typed", async ({
  page,
  jsEnabled,
}) => {
  await signInAsAdmin(page, jsEnabled);
  const article = uniqueArticle("tags");
  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: article.title, slug: article.slug, content: "Body." });
  await page.getByLabel("Tags").fill("a, b, c, d, e, f");
  await page.getByRole("button", { name: "Create Article", exact: true }).click();
  await expectFieldError(page, /^Tags/, "Use at most 5 tags.");
  await expect(page.getByLabel("Tags")).toHaveValue("a, b, c, d, e, f");
  const long = "x".repeat(33);
  await page.getByLabel("Tags").fill(`ok, ${long}`);
  await page.getByRole("button", { name: "Create Article", exact: true }).click();
  await expectFieldError(page, /^Tags/, `Each tag must be at most 32 characters: “${long}” is too long.`);
});

test("an administrator renames a tag: its old address answers 301", async ({ page, jsEnabled }) => {
  const token = shortToken();
  await signInAsAdmin(page, jsEnabled);
  const article = uniqueArticle("renamed");
  await page.goto("/admin/articles/new");
  await hydrated(page, jsEnabled);
  await fillArticleForm(page, { title: article.title, slug: article.slug, content: "Body." });
  await page.getByLabel("Tags").fill(`Old${token}`);
  await page.getByRole("button", { name: "Create Article", exact: true }).click();
  await expectToast(page, jsEnabled, "Article created successfully");
  await page.goto(`/admin/tags?q=Old${token}`);
  await hydrated(page, jsEnabled);
  await page.getByRole("link", { name: `Rename or merge Old${token}` }).click();
  await hydrated(page, jsEnabled);
  await page.getByRole("textbox", { name: "Name" }).fill(`New${token}`);
  await page.getByRole("button", { name: "Rename Tag" }).click();
  await expectToast(page, jsEnabled, "Tag renamed");
  const moved = await page.request.get(`/tag/old${token}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/tag/new${token}`);
  await page.goto(`/post/${article.slug}`);
  await expect(page.getByRole("list", { name: "Tags" })).toHaveText(`#New${token}`);
});
