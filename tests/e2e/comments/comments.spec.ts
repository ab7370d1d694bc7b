/**
 * Comments in the browser, with JavaScript and without: Load Comments (in place / a link), the
 * sign-in link back to the article, a comment with a code block (highlighted), moderation
 * (approve, hide), a reply, the reply mail and its unsubscribe page (and the RFC 8058 POST).
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import {
  appOrigin,
  createVerifiedAccount,
  expect,
  expectToast,
  hydrated,
  signIn,
  test,
  uniqueIp,
  waitForMail,
} from "../accounts/support";

const SLUG = "quick-tip-focus-visible";
const ARTICLE = `/post/${SLUG}`;

async function newPage(browser: Browser, jsEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled,
    extraHTTPHeaders: { "X-Test-Client-Ip": uniqueIp() },
  });
  return context.newPage();
}

function commentWith(page: Page, text: string) {
  return page.getByTestId("comment").filter({ hasText: text });
}

async function approveInQueue(admin: Page, jsEnabled: boolean, text: string, tab = "/admin/comments") {
  await admin.goto(tab);
  await hydrated(admin, jsEnabled);
  await admin.getByTestId("moderation-row").filter({ hasText: text }).getByRole("checkbox").check();
}

test("signed out: Load Comments shows the comments in place (JS) or as a link, with a sign-in link back", async ({
  page,
  jsEnabled,
  request,
}) => {
  const account = await createVerifiedAccount(request, "back");
  await page.goto(ARTICLE);
  await hydrated(page, jsEnabled);
  const load = page.getByRole(jsEnabled ? "button" : "link", { name: "Load Comments" });
  if (!jsEnabled) await expect(load).toHaveAttribute("href", `${ARTICLE}?comments=all#comments`);
  await load.click();
  const comments = page.getByTestId("comments");
  await expect(comments).toBeVisible();
  expect(new URL(page.url()).search).toBe(jsEnabled ? "" : "?comments=all");
  const signInLink = comments.getByRole("link", { name: "Sign in to comment" });
  await expect(signInLink).toHaveAttribute(
    "href",
    `/login?${new URLSearchParams({ redirectTo: `${ARTICLE}?comments=all` })}`,
  );
  await signInLink.click();
  // The article page has email fields of its own (the subscribe forms): fill the login page's.
  await expect(page).toHaveURL(/\/login\?/);
  // With JavaScript the address changes before the login page replaces the article: wait for it.
  await expect(page).toHaveTitle("Login | DevPerspective");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${appOrigin}${ARTICLE}?comments=all`);
  await expect(page.getByLabel("Your comment")).toBeVisible();
});

test("comment with code, moderation, reply, reply mail and one-click unsubscribe; hide", async ({
  page,
  browser,
  jsEnabled,
  request,
}) => {
  test.slow();
  const token = randomBytes(4).toString("hex");
  const [author, replier] = await Promise.all([
    createVerifiedAccount(request, "commenter"),
    createVerifiedAccount(request, "replier"),
  ]);
  const admin = await newPage(browser, jsEnabled);
  await signIn(admin, E2E_ADMIN, jsEnabled);
  await expect(admin).toHaveURL(`${appOrigin}/`);

  // A reader's first comment waits for approval (commentModeration "first"); they see it, noted.
  await signIn(page, author, jsEnabled, `/login?redirectTo=${encodeURIComponent(`${ARTICLE}?comments=all`)}`);
  await expect(page.getByLabel("Your comment")).toBeVisible();
  await hydrated(page, jsEnabled);
  await page.getByLabel("Your comment").fill(`Try this ${token}:\n\n\`\`\`js\nconst answer = 42;\n\`\`\`\n`);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expectToast(page, jsEnabled, "Waiting for approval");
  const mine = commentWith(page, token);
  await expect(mine).toContainText("Waiting for approval");
  await expect(mine.locator("pre.shiki")).toBeVisible();
  await expect(mine.locator("pre.shiki span[style*='color']").first()).toBeVisible();

  // A moderator approves it.
  await approveInQueue(admin, jsEnabled, token);
  await admin.getByRole("button", { name: "Approve", exact: true }).click();
  await expectToast(admin, jsEnabled, "Approved 1 comment");

  // Another reader replies; once approved, the first reader gets a reply mail.
  const other = await newPage(browser, jsEnabled);
  await signIn(other, replier, jsEnabled, `/login?redirectTo=${encodeURIComponent(`${ARTICLE}?comments=all`)}`);
  const parent = commentWith(other, token).first();
  await expect(parent).not.toContainText("Waiting for approval");
  await hydrated(other, jsEnabled);
  await parent.getByText("Reply", { exact: true }).click();
  await parent.getByLabel(`Reply to ${author.name}`).fill(`Agreed ${token} reply`);
  await parent.getByRole("button", { name: "Post Reply" }).click();
  await expectToast(other, jsEnabled, "Waiting for approval");
  await approveInQueue(admin, jsEnabled, `${token} reply`);
  await admin.getByRole("button", { name: "Approve", exact: true }).click();
  await expectToast(admin, jsEnabled, "Approved 1 comment");

  const mail = await waitForMail(request, author.email, /^New reply to your comment/);
  const link = mail.links.find((href) => href.startsWith(`${appOrigin}/unsubscribe/`));
  expect(link, mail.text).toBeTruthy();
  // RFC 8058: the mail client's POST unsubscribes directly (no cookie, no page).
  const oneClick = await request.post(link!, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  // The link itself changes nothing until the button is pressed.
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();

  // Hiding the comment removes it (and its replies) for everyone else.
  await approveInQueue(admin, jsEnabled, `Try this ${token}`, "/admin/comments?status=approved");
  await admin.getByRole("button", { name: "Hide", exact: true }).click();
  await expectToast(admin, jsEnabled, "Hid 1 comment");
  const anonymous = await newPage(browser, jsEnabled);
  await anonymous.goto(`${ARTICLE}?comments=all`);
  await expect(anonymous.getByTestId("comments")).toBeVisible();
  await expect(anonymous.getByTestId("comments")).not.toContainText(token);
});
