import { changelogEntries } from "../../../app/seed/demo/changelog";
import { expect, hydrated, test } from "../support/fixtures";
import { expectNoSeriousAxeViolations, expectReadFailureScreen, failReads } from "./support";

const changelogTitles = [...changelogEntries]
  .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
  .map((entry) => entry.title);

test.describe("What's New", () => {
  test("lists the Changelog articles newest first as cards", async ({ page, jsEnabled }) => {
    const response = await page.goto("/whats-new");
    expect(response?.status()).toBe(200);
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("What's New | DevPerspective");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's New");
    const cards = page.getByRole("main").getByTestId("article-card");
    await expect(cards.getByRole("heading")).toHaveText(changelogTitles);
    for (const card of await cards.all()) {
      await expect(card).toContainText("Changelog");
      await expect(card.getByRole("link")).toHaveAttribute("href", /^\/post\//);
    }
    await cards.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(changelogTitles[0]!);
  });

  test("a failed read keeps the frame and shows 'Error fetching updates.'", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    await failReads(context, baseURL!);
    const response = await page.goto("/whats-new");
    await hydrated(page, jsEnabled);
    // The error screen replaces the page's body (issue 11); the site's frame stays.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error fetching updates.");
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectReadFailureScreen(page, response, { title: "Error fetching updates.", jsEnabled });
  });

  test("no serious accessibility violations", async ({ page, jsEnabled }) => {
    await page.goto("/whats-new");
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});

test.describe("About", () => {
  test("mission, story, technologies, get in touch with links to the contact and Write for Us forms", async ({
    page,
    jsEnabled,
  }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("About | DevPerspective");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: "Our Mission" })).toBeVisible();
    await expect(main).toContainText("sharing developer knowledge");
    await expect(main.getByRole("heading", { level: 2, name: "Our Story" })).toBeVisible();
    const technologies = main.getByRole("region", { name: /Technologies/ }).getByRole("listitem");
    expect(await technologies.count()).toBeGreaterThanOrEqual(5);
    await expect(main.getByRole("heading", { level: 2, name: "Get in Touch" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: "Write for Us" })).toHaveAttribute("href", "/write-for-us");
    // Social links come from the site settings; none is set here, so none is shown.
    await expect(main.getByRole("list", { name: "Social media" })).toHaveCount(0);
  });

  test("no serious accessibility violations", async ({ page, jsEnabled }) => {
    await page.goto("/about");
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});

test.describe("What's New and About on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("fit the screen", async ({ page, jsEnabled }) => {
    for (const path of ["/whats-new", "/about"]) {
      await page.goto(path);
      await hydrated(page, jsEnabled);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await expectNoSeriousAxeViolations(page, jsEnabled);
    }
  });
});
