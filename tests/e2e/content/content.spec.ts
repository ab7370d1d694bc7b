/**
 * Content admin, with JavaScript and without: an editor creates, renames (the old address 301s)
 * and deletes a category; reorders and edits an interview question with a preview; a staff member
 * edits their author profile and sees /author/{slug}; an author gets 403 on /admin/categories.
 */
import { AUTHOR, EDITOR, expect, expectToast, hydrated, signInAsAdmin, test, uniqueToken } from "./support";

test("an editor creates, renames and deletes a category; the old address answers 301", async ({
  page,
  jsEnabled,
  request,
}) => {
  await signInAsAdmin(page, jsEnabled, EDITOR);
  const token = uniqueToken();
  await page.goto("/admin/categories");
  await hydrated(page, jsEnabled);
  const create = page.getByRole("region", { name: "New Category" });
  // The server's (and the browser's) field error for an invalid slug.
  await create.getByLabel("Name").fill(`Cat ${token}`);
  await create.getByLabel(/^Slug/).fill("Not A Slug");
  await create.getByRole("button", { name: "Create Category" }).click();
  await expect(create.getByText(/Use lowercase letters, digits and single hyphens only/)).toBeVisible();
  await create.getByLabel(/^Slug/).fill(`cat-${token}`);
  await create.getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, jsEnabled, "Category created");

  await page.getByRole("link", { name: `Edit Cat ${token}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Category" })).toBeVisible();
  await hydrated(page, jsEnabled);
  await page.getByLabel("Name").fill(`Renamed ${token}`);
  await page.getByLabel("Slug").fill(`renamed-${token}`);
  await page.getByLabel("Description").fill("Now with a description.");
  await page.getByRole("button", { name: "Save Category" }).click();
  await expectToast(page, jsEnabled, "Category updated");

  const old = await request.get(`/category/cat-${token}?view=list`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/category/renamed-${token}?view=list`);
  const feed = await request.get(`/category/cat-${token}/rss.xml`, { maxRedirects: 0 });
  expect(feed.status()).toBe(301);
  expect(feed.headers().location).toBe(`/category/renamed-${token}/rss.xml`);
  await page.goto(`/category/cat-${token}`);
  await expect(page).toHaveURL(new RegExp(`/category/renamed-${token}$`));
  await expect(page.getByText("Now with a description.")).toBeVisible();

  await page.goto("/admin/categories");
  await page.getByRole("link", { name: `Edit Renamed ${token}` }).click();
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Delete Category" }).click();
  await expectToast(page, jsEnabled, "Category deleted");
  await expect(page.getByRole("link", { name: `Edit Renamed ${token}` })).toHaveCount(0);
  expect((await request.get(`/category/cat-${token}`, { maxRedirects: 0 })).status()).toBe(404);
});

test("deleting a category with articles asks where they go", async ({ page, jsEnabled }) => {
  await signInAsAdmin(page, jsEnabled, EDITOR);
  await page.goto("/admin/categories");
  await page.getByRole("link", { name: "Edit Opinion", exact: true }).click();
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Delete Category" }).click();
  // Nothing was deleted: the required choice is named beside the select.
  await expect(page.locator("#category-delete-moveTo-error")).toHaveText("Choose the category its articles move to.");
  await expect(page.getByLabel("Move its articles to")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { name: "Edit Category" })).toBeVisible();
});

test("an editor reorders and edits an interview question with a preview", async ({ page, jsEnabled }) => {
  await signInAsAdmin(page, jsEnabled, EDITOR);
  await page.goto("/admin/questions");
  await hydrated(page, jsEnabled);
  const rows = page.getByTestId("question-row");
  const first = (await rows.nth(0).getByRole("link").textContent()) ?? "";
  const second = (await rows.nth(1).getByRole("link").textContent()) ?? "";
  await rows
    .nth(0)
    .getByRole("button", { name: /^Move down/ })
    .click();
  await expect(rows.nth(0).getByRole("link")).toHaveText(second);
  await expect(rows.nth(1).getByRole("link")).toHaveText(first);

  await rows.nth(0).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Edit Question" })).toBeVisible();
  await hydrated(page, jsEnabled);
  const token = uniqueToken();
  await page.getByLabel("Answer").fill(`Use **bold ${token}** wisely.`);
  await page.getByLabel("Difficulty").selectOption("Hard");
  if (jsEnabled) await page.getByRole("tab", { name: "Preview" }).click();
  else await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.locator("strong", { hasText: `bold ${token}` })).toBeVisible();
  if (jsEnabled) await page.getByRole("tab", { name: "Write" }).click();
  await page.getByRole("button", { name: "Update Question" }).click();
  await expectToast(page, jsEnabled, "Question updated");

  await page.goto("/interview-prep");
  const card = page.locator("details, article, li").filter({ hasText: second.trim() }).first();
  await expect(card).toBeVisible();
  await expect(page.locator("strong", { hasText: `bold ${token}` })).toHaveCount(1);
  // The public page follows the new order: the moved question comes after the other.
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text.indexOf(second.trim())).toBeLessThan(text.indexOf(first.trim()));
});

test("a staff member edits their author profile and sees their page; an author cannot manage categories", async ({
  page,
  jsEnabled,
  request,
}) => {
  await signInAsAdmin(page, jsEnabled, AUTHOR);
  const categories = await page.goto("/admin/categories");
  expect(categories?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();

  await page.goto("/admin/profile");
  await hydrated(page, jsEnabled);
  const bio = `Writes about ${uniqueToken()}.`;
  await page.getByLabel("Name").fill("");
  await page.getByLabel("Bio").fill(bio);
  await page.getByRole("button", { name: "Save Profile" }).click({ force: true });
  await expect(page.getByText("Name is required.")).toBeVisible();
  await page.getByLabel("Name").fill(AUTHOR.name);
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expectToast(page, jsEnabled, "Profile saved");
  const link = page.getByRole("link", { name: /^\/author\// });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/author\/arthur-author(-\d+)?$/);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: AUTHOR.name })).toBeVisible();
  await expect(page.getByTestId("author-bio")).toHaveText(bio);
  await expect(page.locator(`link[rel="alternate"][type="application/rss+xml"][href="${href}/rss.xml"]`)).toHaveCount(
    1,
  );
  const feed = await request.get(`${href}/rss.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("<rss");

  // A replayed post from the author changes nothing.
  const replay = await page.request.post("/admin/categories", {
    form: { intent: "create", name: "Sneaky" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(403);
});
