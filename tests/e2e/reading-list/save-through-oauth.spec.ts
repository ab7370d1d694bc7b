/**
 * A save begun signed out completes with an OAuth sign-in too (issue 24, item 6): the pending
 * save rides in the flow's redirect target, from the sign-in page through the provider and back,
 * and the reader lands where they were with the article saved, without a second click. A page a
 * link reaches (the provider's callback without its flow) saves nothing.
 */
import { randomBytes } from "node:crypto";
import { appOrigin, expect, expectToast, hydrated, services, test } from "../accounts/support";

test("Save, then Continue with GitHub: back where the reader was, the article saved", async ({ page, jsEnabled }) => {
  await page.goto("/search");
  await hydrated(page, jsEnabled);
  const card = page.getByTestId("article-card").first();
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Freading-list%2Fsave/);
  await hydrated(page, jsEnabled);

  // The provider's consent page (the test double), as a new GitHub user.
  await page.getByRole("button", { name: "Continue with GitHub" }).click();
  await expect(page).toHaveURL(new RegExp(`^${services.githubUrl}/login/oauth/authorize\\?`));
  const login = `saver-${randomBytes(4).toString("hex")}`;
  await page.getByLabel("Username").fill(login);
  await page.getByLabel("Name", { exact: true }).fill("Oauth Saver");
  await page.getByLabel("Email", { exact: true }).fill(`${login}@example.com`);
  await page.getByLabel("Email verified").setChecked(true);
  await page.getByRole("button", { name: "Authorize" }).click();

  await expect(page).toHaveURL(`${appOrigin}/search`);
  await expectToast(page, jsEnabled, "Login Successful");
  await page.goto("/reading-list");
  await expect(page.getByRole("list", { name: "Saved articles" }).getByRole("heading")).toHaveText([title]);
});

test("a callback reached by a link alone signs in no one and saves nothing", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "an HTTP check: once is enough");
  const response = await page.request.get(
    `/auth/github/callback?code=made-up&state=made-up&redirectTo=${encodeURIComponent("/reading-list/save?article=1")}`,
    { maxRedirects: 0 },
  );
  expect(response.status()).toBe(400);
  expect((await page.context().cookies()).filter((cookie) => cookie.name === "dp_session")).toHaveLength(0);
});
