/**
 * Issue 24's "Done when", with JavaScript on and off: a visitor subscribes to one category from
 * its page, confirms by the mailed link (a page whose button POSTs), gets exactly one mail for a
 * new article in that category and none for an article elsewhere, switches to the weekly digest
 * from the newsletter's manage link, and unsubscribes with one click (RFC 8058 POST). Also: a
 * subscribe form posted from another site or without Origin is refused.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import { signInRequest } from "../admin/support";
import {
  appOrigin,
  expect,
  expectToast,
  hydrated,
  mailsTo,
  type SinkMail,
  test,
  uniqueEmail,
  waitForMail,
} from "../accounts/support";

type NewsletterMail = SinkMail & { headers: Record<string, string> };

/** Publishes an article in `category` through the editor's action, signed in as the test administrator. */
async function publish(admin: APIRequestContext, category: string, title: string) {
  const editor = await admin.get("/admin/articles/new");
  const html = await editor.text();
  const categoryId = new RegExp(`<option value="(\\d+)"[^>]*>${category}</option>`).exec(html)?.[1];
  expect(categoryId, `category ${category}`).toBeTruthy();
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const response = await admin.post("/admin/articles/new", {
    headers: { Origin: appOrigin },
    form: {
      title,
      slug,
      content: `## ${title}\n\nA new article for subscribers.\n`,
      categoryId: categoryId!,
      excerpt: "",
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
}

async function subscribeFromCategoryPage(page: Page, jsEnabled: boolean, email: string) {
  await page.goto("/category/css");
  await hydrated(page, jsEnabled);
  const form = page.getByTestId("subscribe-form").filter({ hasText: "Get new CSS articles by email" });
  await form.getByLabel("Email").fill(email);
  await expect(form.getByRole("checkbox", { name: "CSS" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Everything" })).not.toBeChecked();
  await form.getByRole("button", { name: "Subscribe" }).click();
  if (jsEnabled) {
    // In place: the page stays, the answer shows in the form.
    await expect(form.getByRole("status")).toContainText("Check your inbox");
    await expect(page).toHaveURL(/\/category\/css$/);
  } else {
    await page.waitForURL(/\/category\/css$/);
    await expectToast(page, false, "Check your inbox");
  }
}

test.describe("newsletter: subscribe by topic", () => {
  test.describe.configure({ timeout: 90_000 });

  test("subscribe to a category, confirm, one mail for it and none elsewhere, digest, one-click unsubscribe", async ({
    page,
    jsEnabled,
    playwright,
  }) => {
    const email = uniqueEmail(`subscriber-${jsEnabled ? "js" : "nojs"}`);
    await subscribeFromCategoryPage(page, jsEnabled, email);

    // The link in the mail opens a page; only its button confirms.
    const confirmation = await waitForMail(page.request, email, /^Confirm your subscription/);
    const link = confirmation.links.find((href) => href.startsWith(`${appOrigin}/subscribe/confirm/`));
    expect(link).toBeTruthy();
    await page.goto(link!.slice(appOrigin.length));
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();

    // An article elsewhere first, then one in CSS: the worker takes them in order, so once the CSS
    // mail is here, a mail for the other would be too.
    const admin = await playwright.request.newContext({ baseURL: appOrigin });
    expect((await signInRequest(admin, appOrigin, E2E_ADMIN)).status()).toBe(303);
    const stamp = `${jsEnabled ? "js" : "nojs"} ${Date.now().toString(36)}`;
    const elsewhere = `React news ${stamp}`;
    const inCss = `CSS news ${stamp}`;
    await publish(admin, "React", elsewhere);
    await publish(admin, "CSS", inCss);
    const newsletter = (await waitForMail(page.request, email, inCss)) as NewsletterMail;
    const received = await mailsTo(page.request, email);
    expect(received.filter((mail) => mail.subject === inCss)).toHaveLength(1);
    expect(received.filter((mail) => mail.subject === elsewhere)).toHaveLength(0);
    expect(newsletter.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(newsletter.headers["list-id"]).toContain("newsletter");
    expect(newsletter.text).toContain("View in browser");

    // The manage link: switch to the weekly digest.
    const manage = newsletter.links.find((href) => /\/subscription\/[^/\s]+$/.test(href));
    expect(manage).toBeTruthy();
    await page.goto(manage!.slice(appOrigin.length));
    await hydrated(page, jsEnabled);
    await page.getByRole("radio", { name: "A weekly digest" }).check();
    await page.getByRole("button", { name: "Save subscription" }).click();
    await expect(page.getByTestId("form-alert")).toContainText("Subscription updated");
    await expect(page.getByRole("radio", { name: "A weekly digest" })).toBeChecked();

    // One click from the mail client: a POST to List-Unsubscribe, no cookies, no Origin.
    const unsubscribe = /^<([^>]+)>$/.exec(newsletter.headers["list-unsubscribe"] ?? "")?.[1];
    expect(unsubscribe).toBeTruthy();
    const client = await playwright.request.newContext();
    const oneClick = await client.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    await page.goto(manage!.slice(appOrigin.length));
    await expect(page.getByRole("heading", { name: "Not subscribed" })).toBeVisible();
    await admin.dispose();
    await client.dispose();
  });

  test("refuses a subscribe form posted from another site or without Origin", async ({ playwright, jsEnabled }) => {
    test.skip(!jsEnabled, "an HTTP-level check: once is enough");
    const client = await playwright.request.newContext({ baseURL: appOrigin });
    const form = { email: uniqueEmail("forged"), everything: "1" };
    const withoutOrigin = await client.post("/subscribe", { form, maxRedirects: 0 });
    expect(withoutOrigin.status()).toBe(403);
    const crossSite = await client.post("/subscribe", {
      form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    const invalid = await client.post("/subscribe", {
      form: { email: "not an address", everything: "1" },
      headers: { Origin: appOrigin },
      maxRedirects: 0,
    });
    expect(invalid.status()).toBe(400);
    await client.dispose();
  });
});
