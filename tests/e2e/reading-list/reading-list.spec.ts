import {
  appOrigin,
  createVerifiedAccount,
  expect,
  expectToast,
  hydrated,
  signIn,
  signInQuickly,
  test,
} from "../accounts/support";

const saveButton = (scope: import("@playwright/test").Locator | import("@playwright/test").Page) =>
  scope.getByRole("button", { name: /^Saved?$/ });

test.describe("reading list", () => {
  test("save three articles (cards and the article page), find them newest first, search, remove", async ({
    page,
    jsEnabled,
    request,
  }) => {
    const account = await createVerifiedAccount(request, "saver");
    await signInQuickly(page, account);

    await page.goto("/");
    await hydrated(page, jsEnabled);
    const recent = page.getByRole("region", { name: "Recent Articles" }).getByTestId("article-card");
    const titles: string[] = [];
    for (const index of [0, 1]) {
      const card = recent.nth(index);
      titles.push((await card.getByRole("heading").textContent())?.trim() ?? "");
      await saveButton(card).click();
      await expect(saveButton(card)).toHaveAttribute("aria-pressed", "true");
      await expect(saveButton(card)).toContainText("Saved");
      if (!jsEnabled) await expectToast(page, jsEnabled, "Saved to your reading list");
    }
    // The third from the article page; pressing it again (saving twice) keeps one copy.
    const third = recent.nth(2);
    titles.push((await third.getByRole("heading").textContent())?.trim() ?? "");
    await third.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: titles[2] })).toBeVisible();
    await hydrated(page, jsEnabled);
    // With JavaScript the button shows "Saved" before the server has answered (optimistic): wait
    // for the save's answer before leaving the page, or the navigation below can cancel it.
    const answered = jsEnabled
      ? page.waitForResponse(
          (response) =>
            response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/reading-list"),
        )
      : null;
    await saveButton(page.getByRole("article")).first().click();
    await expect(saveButton(page.getByRole("article")).first()).toHaveAttribute("aria-pressed", "true");
    expect((await answered)?.ok() ?? true).toBe(true);
    await expect(page).toHaveURL(/\/post\//);

    const listResponse = await page.goto("/reading-list");
    expect(listResponse?.headers()["cache-control"]).toBe("private, no-store");
    await hydrated(page, jsEnabled);
    const saved = page.getByRole("list", { name: "Saved articles" }).getByRole("heading");
    await expect(saved).toHaveText([titles[2]!, titles[1]!, titles[0]!]);
    await expect(page.getByTestId("reading-list-summary")).toHaveText("3 saved articles");

    // Search by title.
    await page.getByLabel("Title").fill(titles[1]!);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(saved).toHaveText([titles[1]!]);

    // Remove, then the list is two.
    await page.goto("/reading-list");
    await hydrated(page, jsEnabled);
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: titles[0] }) })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(saved).toHaveText([titles[2]!, titles[1]!]);
    if (!jsEnabled) await expectToast(page, jsEnabled, "Removed from your reading list");
    await expect(page.getByTestId("reading-list-summary")).toHaveText("2 saved articles");
  });

  test("a save begun signed out completes with the sign-in itself; anonymous pages stay shared", async ({
    page,
    jsEnabled,
    request,
  }) => {
    const account = await createVerifiedAccount(request, "later");
    const anonymous = await request.get("/");
    expect(anonymous.headers()["cache-control"]).toContain("public");

    await page.goto("/");
    await hydrated(page, jsEnabled);
    const card = page.getByRole("region", { name: "Featured Articles" }).getByTestId("article-card").first();
    const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
    // Signed out, Save opens the sign-in page, which carries the pending save.
    await card.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Freading-list%2Fsave/);
    await signIn(page, account, jsEnabled, page.url().slice(appOrigin.length));

    // No second page and no second click: back where the reader was, the article saved.
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Login Successful");
    await page.goto("/reading-list");
    await expect(page.getByRole("list", { name: "Saved articles" }).getByRole("heading")).toHaveText([title]);
  });

  test("the save page still completes a save with one press when reached signed in", async ({
    page,
    jsEnabled,
    request,
  }) => {
    const account = await createVerifiedAccount(request, "presser");
    await signInQuickly(page, account);
    await page.goto("/search");
    const card = page.getByTestId("article-card").first();
    const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
    const id = await card.locator('input[name="articleId"]').inputValue();
    await page.goto(`/reading-list/save?article=${id}&return=%2Fsearch`);
    await expect(page.getByRole("heading", { name: "Save to your reading list" })).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(`${appOrigin}/search`);
    await expectToast(page, jsEnabled, "Saved to your reading list");
    await page.goto("/reading-list");
    await expect(page.getByRole("list", { name: "Saved articles" }).getByRole("heading")).toHaveText([title]);
  });

  test("the list requires sign-in and a GET of the save page saves nothing", async ({ page, request }) => {
    const response = await request.get("/reading-list", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/login?redirectTo=%2Freading-list");

    const account = await createVerifiedAccount(request, "getter");
    await signInQuickly(page, account);
    await page.goto("/search");
    const href = await page.getByTestId("article-card").first().getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/post\//);
    const id = await page.getByTestId("article-card").first().locator('input[name="articleId"]').inputValue();
    await page.goto(`/reading-list/save?article=${id}`);
    await page.goto("/reading-list");
    await expect(page.getByText("Your reading list is empty")).toBeVisible();
  });
});
