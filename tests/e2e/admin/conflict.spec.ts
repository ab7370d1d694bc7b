import {
  articleIdByTitle,
  expect,
  expectToast,
  fillArticleForm,
  hydrated,
  signInAsAdmin,
  test,
  uniqueArticle,
} from "./support";

test("an edit saved over a newer version is refused, keeping what was typed", async ({
  page,
  context,
  jsEnabled,
  baseURL,
}) => {
  await signInAsAdmin(page, jsEnabled);
  const article = uniqueArticle("conflict");
  const created = await page.request.post("/admin/articles/new", {
    form: { title: article.title, slug: article.slug, content: "The first version." },
    headers: { Origin: baseURL ?? "" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(303);
  const id = await articleIdByTitle(page, article.title);

  // Two tabs open the same article.
  const tabA = page;
  const tabB = await context.newPage();
  await tabA.goto(`/admin/articles/edit/${id}`);
  await tabB.goto(`/admin/articles/edit/${id}`);
  await hydrated(tabA, jsEnabled);
  await hydrated(tabB, jsEnabled);

  // A saves first.
  await fillArticleForm(tabA, { title: `${article.title} from A` });
  await tabA.getByRole("button", { name: "Update Article" }).click();
  await tabA.waitForURL(/\/admin\/dashboard$/);
  await expectToast(tabA, jsEnabled, "Article updated successfully");

  // B, still on the old version, is refused and keeps its text.
  await fillArticleForm(tabB, { title: `${article.title} from B`, content: "B's careful rewrite." });
  await tabB.getByRole("button", { name: "Update Article" }).click();
  const alert = tabB.getByTestId("form-alert");
  await expect(alert).toContainText("Error updating article");
  await expect(alert).toContainText("Someone else saved this article after you opened it");
  if (jsEnabled) await expectToast(tabB, true, "Error updating article", "Someone else saved this article");
  await expect(tabB).toHaveURL(new RegExp(`/admin/articles/edit/${id}$`));
  await expect(tabB.getByLabel("Title")).toHaveValue(`${article.title} from B`);
  await expect(tabB.getByLabel("Content")).toHaveValue("B's careful rewrite.");

  // Saving again from the stale form is still refused: nothing is overwritten.
  await tabB.getByRole("button", { name: "Update Article" }).click();
  await expect(tabB.getByTestId("form-alert")).toContainText("Someone else saved this article");
  const publicPage = await tabA.request.get(`/post/${article.slug}`);
  expect(await publicPage.text()).toContain(`${article.title} from A`);

  // Opening the latest version loads A's save, which B can then edit.
  await tabB.getByRole("link", { name: "Open the latest version" }).click();
  await expect(tabB.getByLabel("Title")).toHaveValue(`${article.title} from A`);
  await hydrated(tabB, jsEnabled);
  await fillArticleForm(tabB, { content: "B's careful rewrite, on top of A." });
  await tabB.getByRole("button", { name: "Update Article" }).click();
  await tabB.waitForURL(/\/admin\/dashboard$/);
  await expectToast(tabB, jsEnabled, "Article updated successfully");

  // Clean up.
  const removed = await tabA.request.post(`/admin/articles/delete/${id}`, {
    headers: { Origin: baseURL ?? "" },
    maxRedirects: 0,
  });
  expect(removed.status()).toBe(303);
});
