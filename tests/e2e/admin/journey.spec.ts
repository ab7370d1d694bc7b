import { slugify } from "../../../app/lib/content";
import {
  articleIdByTitle,
  dashboardRow,
  E2E_ADMIN,
  expect,
  expectFieldError,
  expectToast,
  fillArticleForm,
  hydrated,
  signInAsAdmin,
  test,
  uniqueArticle,
} from "./support";

const CONTENT = [
  "An opening paragraph with **bold** and *italic* text.",
  "## Why it matters",
  "Some `inline code` and a list:",
  "- first\n- second",
  "```ts\nconst answer: number = 42;\n```",
].join("\n\n");

const allArticlesCount = async (page: import("@playwright/test").Page) => {
  const text = await page.getByRole("heading", { name: /^All Articles \(\d+\)$/ }).textContent();
  return Number(text?.match(/\((\d+)\)/)?.[1]);
};

test.describe("admin journey", () => {
  test("create with validation, refuse a duplicate slug, preview, edit, delete with confirmation, sign out", async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page, jsEnabled);

    // The dashboard.
    await expect(page).toHaveTitle("Dashboard | DevPerspective");
    await expect(page.getByRole("heading", { name: "Article Management", level: 1 })).toBeVisible();
    for (const column of ["Title", "Author", "Published At", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "New Article" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    const countBefore = await allArticlesCount(page);
    expect(countBefore).toBeGreaterThan(50);
    // The published rows listed before this article exists: the new one (published now) must come
    // above all of them. Drafts come first by design, and other specs write articles on the same
    // server at the same time, so "the first row" may be theirs.
    const titlesBefore = await page
      .getByRole("row")
      .filter({ has: page.locator("time") })
      .getByRole("rowheader")
      .allTextContents();

    // The empty form.
    await page.getByRole("link", { name: "Add New Article" }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/new$/);
    await expect(page).toHaveTitle("New Article | DevPerspective");
    await expect(page.getByRole("heading", { name: "New Article", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Content")).toHaveAttribute("rows", "15");
    await expect(page.getByLabel("Excerpt")).toHaveAttribute("rows", "3");
    await expect(page.getByText(/^Markdown supported/)).toBeVisible();
    await expect(page.getByLabel("Category").locator("option").first()).toHaveText("Select a category");
    await expect(page.getByLabel("Featured")).not.toBeChecked();
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/admin/dashboard");
    await hydrated(page, jsEnabled);

    // Required fields.
    await page.getByRole("button", { name: "Create Article" }).click();
    if (jsEnabled) await expectToast(page, true, "Invalid Form", "Please correct the errors before submitting.");
    else await expect(page.getByTestId("form-alert")).toContainText("Invalid Form");
    await expectFieldError(page, "Title", "Title is required.");
    await expectFieldError(page, "Slug", "Slug is required.");
    await expectFieldError(page, "Content", "Content is required.");

    // A bad slug and image URL; with JavaScript the slug follows the title until edited.
    const article = uniqueArticle("journey");
    await fillArticleForm(page, { title: article.title });
    if (jsEnabled) await expect(page.getByLabel("Slug")).toHaveValue(slugify(article.title));
    await fillArticleForm(page, { slug: "Not A Slug", imageUrl: "ftp://example.com/cover.png", content: CONTENT });
    if (jsEnabled) {
      await fillArticleForm(page, { title: `${article.title}!` });
      await expect(page.getByLabel("Slug")).toHaveValue("Not A Slug");
      await fillArticleForm(page, { title: article.title });
    }
    await page.getByRole("button", { name: "Create Article" }).click();
    await expectFieldError(page, "Slug", "Use lowercase letters, digits and single hyphens only");
    await expectFieldError(
      page,
      /^Image URL/,
      "Image URL must be an http(s) address or a path on this site starting with /.",
    );
    await expect(page.getByLabel("Title")).toHaveValue(article.title);
    await expect(page.getByLabel("Content")).toHaveValue(CONTENT);

    // Preview: the markdown as the article page renders it.
    await fillArticleForm(page, {
      slug: article.slug,
      imageUrl: "/images/og-default.png",
      category: "JavaScript",
      excerpt: "A journey.",
    });
    if (jsEnabled) {
      await page.getByRole("tab", { name: "Preview" }).click();
      const panel = page.getByRole("tabpanel", { name: "Preview" });
      await expect(panel.locator("h2#why-it-matters")).toHaveText("Why it matters");
      await expect(panel.locator(".prose-article pre.shiki")).toContainText("const answer");
      await expect(panel.locator(".prose-article strong")).toHaveText("bold");
      await expect(page.getByLabel("Content")).toBeHidden();
      await page.getByRole("tab", { name: "Write" }).click();
      await expect(page.getByLabel("Content")).toBeVisible();
    } else {
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview.locator("h2#why-it-matters")).toHaveText("Why it matters");
      await expect(preview.locator(".prose-article pre.shiki")).toContainText("const answer");
      // The form kept every value.
      await expect(page.getByLabel("Title")).toHaveValue(article.title);
      await expect(page.getByLabel("Slug")).toHaveValue(article.slug);
      await expect(page.getByLabel("Content")).toHaveValue(CONTENT);
      await expect(page.getByLabel("Category")).toHaveValue(/\d+/);
    }

    // Create.
    await page.getByRole("button", { name: "Create Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article created successfully");
    expect(await allArticlesCount(page)).toBe(countBefore + 1);
    const titles = await page.getByRole("row").getByRole("rowheader").allTextContents();
    const created = titles.findIndex((title) => title.includes(article.title));
    expect(created).toBeGreaterThanOrEqual(0);
    expect(titles.slice(0, created).filter((title) => titlesBefore.includes(title))).toEqual([]);
    const newest = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: article.title }) });
    await expect(newest.getByRole("cell").first()).toHaveText(new RegExp(E2E_ADMIN.name));

    // The public page.
    await page.goto(`/post/${article.slug}`);
    await expect(page.getByRole("heading", { name: article.title, level: 1 })).toBeVisible();
    await expect(page.locator("h2#why-it-matters")).toBeVisible();

    // A second article on the same slug: refused beside the slug, typed values kept.
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, { title: "Another Title Entirely", slug: article.slug, content: "Different body." });
    await page.getByRole("button", { name: "Create Article" }).click();
    await expect(page.getByTestId("form-alert")).toContainText("Error creating article");
    await expectFieldError(page, "Slug", "This slug is already in use.");
    await expect(page.getByLabel("Title")).toHaveValue("Another Title Entirely");
    await expect(page.getByLabel("Content")).toHaveValue("Different body.");
    if (jsEnabled) await expectToast(page, true, "Error creating article", "This slug is already in use.");

    // Edit: the form opens filled; update keeps the publication date.
    let row = await dashboardRow(page, article.title);
    const publishedAt = await row.locator("time").getAttribute("datetime");
    await row.getByRole("link", { name: `Edit ${article.title}` }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
    await expect(page).toHaveTitle("Edit Article | DevPerspective");
    await expect(page.getByRole("heading", { name: "Edit Article", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(article.title);
    await expect(page.getByLabel("Slug")).toHaveValue(article.slug);
    await expect(page.getByLabel("Content")).toHaveValue(CONTENT);
    await expect(page.getByLabel("Excerpt")).toHaveValue("A journey.");
    await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("JavaScript");
    await hydrated(page, jsEnabled);
    const updatedTitle = `${article.title} (revised)`;
    await fillArticleForm(page, { title: updatedTitle, featured: true });
    // Editing the title of a published article never moves its address.
    await expect(page.getByLabel("Slug")).toHaveValue(article.slug);
    await page.getByRole("button", { name: "Update Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article updated successfully");
    row = await dashboardRow(page, updatedTitle);
    await expect(row).toHaveCount(1);
    await expect(row.locator("time")).toHaveAttribute("datetime", publishedAt ?? "");
    await page.goto(`/post/${article.slug}`);
    await expect(page.getByRole("heading", { name: updatedTitle, level: 1 })).toBeVisible();

    // Delete, after confirming: a dialog with JavaScript, a page without.
    row = await dashboardRow(page, updatedTitle);
    await hydrated(page, jsEnabled);
    const deleteButton = row.getByRole("button", { name: `Delete ${updatedTitle}` });
    await deleteButton.click();
    if (jsEnabled) {
      const dialog = page.getByRole("dialog", { name: "Delete article" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Are you sure you want to delete this article? This action cannot be undone.");
      await expect(dialog).toContainText(updatedTitle);
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(deleteButton).toBeFocused();
      await deleteButton.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(/\/admin\/articles\/delete\/\d+\?redirectTo=/);
      await expect(page).toHaveTitle("Delete Article | DevPerspective");
      await expect(
        page.getByText("Are you sure you want to delete this article? This action cannot be undone."),
      ).toBeVisible();
      await expect(page.getByRole("main")).toContainText(updatedTitle);
      await page.getByRole("button", { name: "Delete", exact: true }).click();
    }
    await expectToast(page, jsEnabled, "Article deleted successfully");
    await expect(page).toHaveURL(/\/admin\/dashboard\?q=/);
    await expect(page.getByRole("rowheader", { name: updatedTitle })).toHaveCount(0);
    await expect(page.getByText("No articles found")).toBeVisible();
    const gone = await page.goto(`/post/${article.slug}`);
    expect(gone?.status()).toBe(404);

    // Sign out.
    await page.goto("/admin/dashboard");
    await hydrated(page, jsEnabled);
    expect(await allArticlesCount(page)).toBe(countBefore);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/admin\/login$/);
    await expectToast(page, jsEnabled, "Signed out successfully.");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  });

  test("a canonical URL: refused unless a full http(s) address, then the page's rel=canonical and out of the sitemap", async ({
    page,
    jsEnabled,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, jsEnabled);
    const article = uniqueArticle("canonical");
    const elsewhere = `https://writer.example/blog/${article.slug}/`;
    const ownAddress = `${baseURL}/post/${article.slug}`;
    const sitemap = async () => (await page.request.get("/sitemap.xml")).text();

    await page.goto("/admin/articles/new");
    await expect(
      page.getByText("Where this article was first published; leave empty when it is this site."),
    ).toBeVisible();
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, {
      title: article.title,
      slug: article.slug,
      content: "First published on the writer's own blog.",
      canonicalUrl: "writer.example/no-scheme",
    });
    await page.getByRole("button", { name: "Create Article" }).click();
    await expectFieldError(
      page,
      /^Canonical URL/,
      "Canonical URL must be a full http(s) address, like https://example.com/my-article.",
    );
    // A failed save keeps what was typed.
    await expect(page.getByLabel("Canonical URL")).toHaveValue("writer.example/no-scheme");
    await expect(page.getByLabel("Title")).toHaveValue(article.title);

    await fillArticleForm(page, { canonicalUrl: elsewhere });
    await page.getByRole("button", { name: "Create Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article created successfully");
    await page.goto(`/post/${article.slug}`);
    await expect(page.getByRole("heading", { name: article.title, level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", elsewhere);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", ownAddress);
    expect(await sitemap()).not.toContain(`<loc>${ownAddress}</loc>`);

    // The editor shows it; emptied, the page names itself again and the sitemap lists it.
    const id = await articleIdByTitle(page, article.title);
    await page.goto(`/admin/articles/edit/${id}`);
    await expect(page.getByLabel("Canonical URL")).toHaveValue(elsewhere);
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, { canonicalUrl: "" });
    await page.getByRole("button", { name: "Update Article" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expectToast(page, jsEnabled, "Article updated successfully");
    await page.goto(`/post/${article.slug}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", ownAddress);
    expect(await sitemap()).toContain(`<loc>${ownAddress}</loc>`);
  });

  test("an unknown article says 'Article not found.' and goes back to the dashboard", async ({ page, jsEnabled }) => {
    await signInAsAdmin(page, jsEnabled);
    for (const path of ["/admin/articles/edit/99999999", "/admin/articles/edit/not-a-number"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/dashboard$/);
      await expectToast(page, jsEnabled, "Error fetching article", "Article not found.");
    }
  });

  test("deleting an article someone else already deleted says 'Error deleting article'", async ({
    page,
    jsEnabled,
    baseURL,
  }) => {
    await signInAsAdmin(page, jsEnabled);
    const article = uniqueArticle("gone");
    const created = await page.request.post("/admin/articles/new", {
      form: { title: article.title, slug: article.slug, content: "Short-lived." },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(303);
    const id = await articleIdByTitle(page, article.title);
    await hydrated(page, jsEnabled);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: article.title }) });
    await row.getByRole("button", { name: `Delete ${article.title}` }).click();
    // Meanwhile, in another tab:
    const removed = await page.request.post(`/admin/articles/delete/${id}`, {
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(removed.status()).toBe(303);
    if (jsEnabled) {
      await page
        .getByRole("dialog", { name: "Delete article" })
        .getByRole("button", { name: "Delete", exact: true })
        .click();
    } else {
      await page.getByRole("button", { name: "Delete", exact: true }).click();
    }
    await expectToast(page, jsEnabled, "Error deleting article", "Article not found.");
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });
});
