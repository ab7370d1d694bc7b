import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN, expect, expectToast, hydrated, test, uniqueEmail, waitForMail } from "./support";

async function signIn(page: Page, jsEnabled: boolean, account: { email: string; password: string }) {
  await page.goto("/admin/login");
  await hydrated(page, jsEnabled);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}

async function invite(page: Page, jsEnabled: boolean, email: string, role: string) {
  await page.goto("/admin/people");
  await hydrated(page, jsEnabled);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(page, jsEnabled, "Invitation sent");
}

/** Opens the mailed link in a fresh, signed-out browser and creates the account. */
async function accept(browser: Browser, jsEnabled: boolean, baseURL: string, link: string, name: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await page.goto(link);
  await hydrated(page, jsEnabled);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill("secret12");
  await page.getByLabel("Confirm password").fill("secret12");
  await page.getByRole("button", { name: "Create account and accept" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  return page;
}

test("an administrator invites an editor and a contributor, who accept; the editor may not manage people", async ({
  page,
  browser,
  request,
  jsEnabled,
  baseURL,
}) => {
  const editorEmail = uniqueEmail("editor");
  const contributorEmail = uniqueEmail("contributor");
  await signIn(page, jsEnabled, E2E_ADMIN);

  // Bad input: the same field message with and without JavaScript.
  await page.goto("/admin/people");
  await hydrated(page, jsEnabled);
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  // With JavaScript the message shows as one types (the button stays disabled); without, after posting.
  if (!jsEnabled) await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();

  await invite(page, jsEnabled, editorEmail, "Editor");
  await invite(page, jsEnabled, contributorEmail, "Contributor");
  await expect(page.getByRole("region", { name: /Pending invitations/ })).toContainText(editorEmail);

  const linkOf = async (email: string) =>
    (await waitForMail(request, email, /invited to join/)).links.find((link) => link.includes("/invite/"))!;
  const editorLink = await linkOf(editorEmail);
  const editor = await accept(browser, jsEnabled, baseURL!, editorLink, "Eddie Editor");
  await accept(browser, jsEnabled, baseURL!, await linkOf(contributorEmail), "Connie Contributor");

  // The editor has no People page (403); the used link says it was used (410).
  const forbidden = await editor.goto("/admin/people");
  expect(forbidden?.status()).toBe(403);
  await expect(editor.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  const reused = await editor.goto(editorLink);
  expect(reused?.status()).toBe(410);
  await expect(editor.getByText("This invitation has already been used")).toBeVisible();

  // Both appear with their roles; the audit log lists the writes.
  await page.goto(`/admin/people?q=${encodeURIComponent(editorEmail)}`);
  await expect(page.getByLabel("Role of Eddie Editor", { exact: true })).toHaveValue("editor");
  await page.goto("/admin/audit?kind=invite");
  await expect(page.getByText(`Invited ${editorEmail} as Editor`)).toBeVisible();
  await expect(page.getByText("Connie Contributor accepted the invitation as Contributor")).toBeVisible();
});

test("a new site name shows on the home page at once", async ({ page, jsEnabled }) => {
  const name = `Perspective ${jsEnabled ? "On" : "Off"}`;
  await signIn(page, jsEnabled, E2E_ADMIN);
  await page.goto("/admin/settings");
  await hydrated(page, jsEnabled);
  await page.getByLabel("Site name").fill("");
  if (!jsEnabled) await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter the site's name.")).toBeVisible();
  await page.getByLabel("Site name").fill(name);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, jsEnabled, "Settings saved");
  await page.goto("/");
  await expect(page).toHaveTitle(new RegExp(`^${name}`));
  await page.goto("/admin/audit?kind=settings");
  await expect(page.getByText("Changed site settings: siteName")).toBeVisible();
});
