/**
 * Roles in the admin panel (issue 17): a contributor writes a draft and submits it for review; an
 * editor returns it with a note, then approves it; each role sees only what it may do, and a
 * request replayed by a role without the permission is refused with 403 and changes nothing.
 */
import {
  dashboardRow,
  expect,
  expectToast,
  fillArticleForm,
  hydrated,
  signInAsAdmin,
  signInRequest,
  STAFF,
  test,
  uniqueArticle,
} from "./support";

test.describe("roles and review", () => {
  test("a contributor's draft goes through review and is published by an editor", async ({
    browser,
    baseURL,
  }, info) => {
    const jsEnabled = info.project.name !== "js-off";
    const article = uniqueArticle("review");
    const contributorContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    const editorContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    const contributor = await contributorContext.newPage();
    const editor = await editorContext.newPage();
    try {
      await signInAsAdmin(contributor, jsEnabled, STAFF.contributor);
      const nav = contributor.getByRole("navigation", { name: "Admin" });
      await expect(nav.getByRole("link", { name: "New Article" })).toBeVisible();
      for (const hidden of ["Review", "Comments", "Categories", "People", "Settings", "Audit log"]) {
        await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);
      }
      await contributor.goto("/admin/articles/new");
      await hydrated(contributor, jsEnabled);
      await expect(contributor.getByRole("button", { name: "Create Article" })).toHaveCount(0);
      await expect(contributor.getByRole("button", { name: "Schedule" })).toHaveCount(0);
      await fillArticleForm(contributor, {
        title: article.title,
        slug: article.slug,
        content: "## Why\n\nA contributor's first piece.",
      });
      await contributor.getByRole("button", { name: "Submit for review" }).click();
      await expectToast(contributor, jsEnabled, "Submitted for review");
      await expect(contributor.getByTestId("review-banner")).toContainText("Waiting for review");

      // The editor returns it with a note…
      await signInAsAdmin(editor, jsEnabled, STAFF.editor);
      await editor.goto("/admin/review");
      await hydrated(editor, jsEnabled);
      const item = editor.getByRole("listitem").filter({ has: editor.getByRole("heading", { name: article.title }) });
      await item.getByLabel("Note for the writer").fill("Add a code example, please.");
      await item.getByRole("button", { name: "Return with note" }).click();
      await expectToast(editor, jsEnabled, "Returned to the writer");
      await expect(editor.getByRole("heading", { name: article.title })).toHaveCount(0);

      // …the contributor reads it and submits again…
      await contributor.reload();
      await expect(contributor.getByTestId("review-banner")).toContainText("Add a code example, please.");
      await contributor
        .getByLabel("Content")
        .fill("## Why\n\nA contributor's first piece.\n\n```js\nconsole.log(1);\n```");
      await contributor.getByRole("button", { name: "Submit for review" }).click();
      await expectToast(contributor, jsEnabled, "Submitted for review");

      // …and the editor approves it: it is live.
      await editor.goto("/admin/review");
      await hydrated(editor, jsEnabled);
      const again = editor.getByRole("listitem").filter({ has: editor.getByRole("heading", { name: article.title }) });
      await again.getByRole("button", { name: "Approve and publish" }).click();
      await expectToast(editor, jsEnabled, "Article approved");
      const live = await editor.request.get(`/post/${article.slug}`);
      expect(live.status()).toBe(200);
      expect(await live.text()).toContain("console");

      // Published, it is the editors': the contributor's dashboard shows View, not Edit.
      const row = await dashboardRow(contributor, article.title);
      await expect(row.getByRole("link", { name: `View ${article.title}` })).toBeVisible();
      await expect(row.getByRole("link", { name: `Edit ${article.title}` })).toHaveCount(0);
    } finally {
      await contributorContext.close();
      await editorContext.close();
    }
  });

  test("a role's forbidden requests are refused with 403 and change nothing", async ({ playwright, baseURL }) => {
    test.skip(test.info().project.name === "js-off", "HTTP only: once is enough");
    const origin = baseURL ?? "";
    const contributor = await playwright.request.newContext({ baseURL: origin });
    const author = await playwright.request.newContext({ baseURL: origin });
    try {
      expect((await signInRequest(contributor, origin, STAFF.contributor)).status()).toBe(303);
      expect((await signInRequest(author, origin, STAFF.author)).status()).toBe(303);
      const forged = uniqueArticle("forged-publish");
      const fields = { title: forged.title, slug: forged.slug, content: "Published behind the editors' backs?" };
      // An editor's "Create Article" (publish) replayed by a contributor.
      const publish = await contributor.post("/admin/articles/new", {
        form: fields,
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(publish.status()).toBe(403);
      const schedule = await author.post("/admin/articles/new", {
        form: { ...fields, intent: "schedule", scheduledAt: "2099-01-01T10:00" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(schedule.status()).toBe(403);
      expect((await contributor.get(`/post/${forged.slug}`)).status()).toBe(404);
      // Editing someone else's article (article 1 is the demo content's) and the editors' pages.
      expect((await contributor.get("/admin/articles/edit/1", { maxRedirects: 0 })).status()).toBe(403);
      expect((await author.get("/admin/articles/edit/1", { maxRedirects: 0 })).status()).toBe(403);
      const review = await contributor.post("/admin/review", {
        form: { articleId: "1", intent: "publish" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(review.status()).toBe(403);
      expect((await author.get("/admin/review", { maxRedirects: 0 })).status()).toBe(403);
      const deletion = await author.post("/admin/articles/delete/1", { headers: { Origin: origin }, maxRedirects: 0 });
      expect(deletion.status()).toBe(403);
      expect((await author.get("/admin/articles/edit/1", { maxRedirects: 0 })).status()).toBe(403);
      const media = await author.post("/admin/media", {
        form: { intent: "delete", id: "1" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(media.status()).toBe(403);
    } finally {
      await contributor.dispose();
      await author.dispose();
    }
  });
});
