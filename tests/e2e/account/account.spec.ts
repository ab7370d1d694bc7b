/**
 * /account in the browser, with JavaScript and without: name, password (other sessions end),
 * email change by a mailed link confirmed with a POST, connecting and disconnecting GitHub (never
 * the last way to sign in), downloading my data, and deleting the account.
 */
import type { Browser, Page } from "@playwright/test";
import {
  appOrigin,
  createVerifiedAccount,
  expect,
  expectFormAlert,
  expectNoSeriousAxeViolations,
  expectSignedInAs,
  expectSignedOut,
  expectToast,
  hydrated,
  linkTo,
  services,
  signInQuickly,
  test,
  uniqueEmail,
  uniqueIp,
  waitForMail,
} from "../accounts/support";

async function openAccount(page: Page, jsEnabled: boolean) {
  await page.goto("/account");
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
}

const section = (page: Page, heading: string) => page.getByRole("region", { name: heading, exact: true });

/** A second browser (its own cookies and address) signed in as the same account. */
async function otherDevice(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Test-Client-Ip": uniqueIp() } });
  const page = await context.newPage();
  await signInQuickly(page, account);
  return page;
}

test("changes the name, and the password with the current one, signing other devices out", async ({
  page,
  jsEnabled,
  request,
  browser,
}) => {
  const account = await createVerifiedAccount(request, "settings");
  await signInQuickly(page, account);
  const laptop = await otherDevice(browser, account);
  await openAccount(page, jsEnabled);
  // This browser, the laptop, and the one that followed the verification link.
  await expect(section(page, "Active sessions").getByRole("listitem")).toHaveCount(3);

  const name = section(page, "Name");
  await name.getByLabel("Full name").fill("Grace Renamed");
  await name.getByRole("button", { name: "Save name" }).click();
  await expectToast(page, jsEnabled, "Name updated");
  await expectSignedInAs(page, "Grace Renamed");

  const password = section(page, "Password");
  await password.getByLabel("Current password").fill("not-my-password");
  await password.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await password.getByLabel("Confirm new password").fill("brand-new-pass");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(section(page, "Password").getByText("That is not your current password.")).toBeVisible();

  await section(page, "Password").getByLabel("Current password").fill(account.password);
  await section(page, "Password").getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await section(page, "Password").getByLabel("Confirm new password").fill("brand-new-pass");
  await section(page, "Password").getByRole("button", { name: "Change password" }).click();
  await expectToast(page, jsEnabled, "Password updated", "You were signed out on every other device.");
  await expect(section(page, "Active sessions").getByRole("listitem")).toHaveCount(1);

  // The other device is signed out; the new password signs in.
  await laptop.goto("/account");
  await expect(laptop).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await laptop.context().close();
  const fresh = await otherDevice(browser, { email: account.email, password: "brand-new-pass" });
  await fresh.goto("/account");
  await expect(fresh.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await fresh.context().close();
});

test("signs out everywhere else", async ({ page, jsEnabled, request, browser }) => {
  const account = await createVerifiedAccount(request, "everywhere");
  await signInQuickly(page, account);
  const phone = await otherDevice(browser, account);
  await openAccount(page, jsEnabled);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expectToast(page, jsEnabled, "Signed out everywhere else");
  await expect(section(page, "Active sessions").getByRole("listitem")).toHaveCount(1);
  await expect(section(page, "Active sessions")).toContainText("(this device)");
  await phone.goto("/account");
  await expect(phone).toHaveURL(/\/login\?redirectTo=/);
  await phone.context().close();
});

test("changes the email once the link mailed to the new address is confirmed", async ({ page, jsEnabled, request }) => {
  const account = await createVerifiedAccount(request, "move");
  const newEmail = uniqueEmail("moved");
  await signInQuickly(page, account);
  await openAccount(page, jsEnabled);
  const email = section(page, "Email");
  await email.getByLabel("New email").fill(account.email);
  await email.getByRole("button", { name: "Change email" }).click();
  await expect(section(page, "Email").getByText("That is already your email address.")).toBeVisible();

  await section(page, "Email").getByLabel("New email").fill(newEmail);
  await section(page, "Email").getByRole("button", { name: "Change email" }).click();
  await expectToast(page, jsEnabled, "Check your email", newEmail);
  await expect(page.getByText(`Signed in as ${account.email}.`)).toBeVisible();

  const mail = await waitForMail(request, newEmail, /^Confirm your new email address/);
  // Opening the link (as a mail scanner would) changes nothing; the button's POST does.
  await page.goto(linkTo(mail, "/account/confirm-email"));
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm new email" }).click();
  await expectToast(page, jsEnabled, "Email changed", newEmail);
  await openAccount(page, jsEnabled);
  await expect(page.getByText(`Signed in as ${newEmail}.`)).toBeVisible();
});

test("downloads my data as JSON", async ({ page, jsEnabled, request }) => {
  const account = await createVerifiedAccount(request, "export");
  await signInQuickly(page, account);
  await openAccount(page, jsEnabled);
  const link = section(page, "Your data").getByRole("link", { name: "Download my data" });
  await expect(link).toHaveAttribute("download", "");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^devperspective-data-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const data = JSON.parse(await readFile(path, "utf8"));
  expect(data.profile).toMatchObject({ name: account.name, email: account.email, role: "reader" });
  expect(data).toHaveProperty("comments");
  expect(data).toHaveProperty("readingList");
  expect(JSON.stringify(data)).not.toContain(account.password);
});

test("connects and disconnects GitHub; an account without a password keeps its last way in", async ({
  page,
  jsEnabled,
  request,
}) => {
  const account = await createVerifiedAccount(request, "connect");
  await signInQuickly(page, account);
  await openAccount(page, jsEnabled);
  const connected = section(page, "Connected accounts");
  await expect(connected).toContainText("GitHub Not connected");
  await connected.getByRole("button", { name: "Connect GitHub" }).click();
  await expect(page).toHaveURL(new RegExp(`^${services.githubUrl}/login/oauth/authorize\\?`));
  const login = `conn-${Math.random().toString(36).slice(2, 10)}`;
  await page.getByLabel("Username").fill(login);
  await page.getByLabel("Name", { exact: true }).fill("Someone Else");
  await page.getByLabel("Email", { exact: true }).fill(`${login}@example.com`);
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(`${appOrigin}/account`);
  await expectToast(page, jsEnabled, "GitHub connected");
  // Still the same person: connecting never switches accounts.
  await expectSignedInAs(page, account.name);
  await expect(section(page, "Connected accounts")).toContainText("GitHub Connected");

  await hydrated(page, jsEnabled);
  await section(page, "Connected accounts").getByRole("button", { name: "Disconnect GitHub" }).click();
  await expectToast(page, jsEnabled, "GitHub disconnected");
  await expect(section(page, "Connected accounts")).toContainText("GitHub Not connected");
});

test("an account made with GitHub cannot disconnect it until it sets a password", async ({ page, jsEnabled }) => {
  const login = `only-${Math.random().toString(36).slice(2, 10)}`;
  await page.goto("/register");
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Continue with GitHub" }).click();
  await page.getByLabel("Username").fill(login);
  await page.getByLabel("Name", { exact: true }).fill("Only GitHub");
  await page.getByLabel("Email", { exact: true }).fill(`${login}@example.com`);
  await page.getByRole("button", { name: "Authorize" }).click();
  await expectSignedInAs(page, "Only GitHub");

  await openAccount(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Set a password" })).toBeVisible();
  await section(page, "Connected accounts").getByRole("button", { name: "Disconnect GitHub" }).click();
  await expectFormAlert(
    page,
    "GitHub not disconnected",
    "This is your only way to sign in: set a password or connect another account first.",
  );
  await expect(section(page, "Connected accounts")).toContainText("GitHub Connected");

  const password = section(page, "Set a password");
  await expect(password.getByLabel("Current password")).toHaveCount(0);
  await password.getByLabel("New password", { exact: true }).fill("first-password-1");
  await password.getByLabel("Confirm new password").fill("first-password-1");
  await password.getByRole("button", { name: "Set password" }).click();
  await expectToast(page, jsEnabled, "Password updated");
  await expect(page.getByRole("heading", { name: "Password", exact: true })).toBeVisible();

  await section(page, "Connected accounts").getByRole("button", { name: "Disconnect GitHub" }).click();
  await expectToast(page, jsEnabled, "GitHub disconnected");
});

test("deletes the account with its password; it cannot sign in again", async ({ page, jsEnabled, request }) => {
  const account = await createVerifiedAccount(request, "leaving");
  await signInQuickly(page, account);
  await openAccount(page, jsEnabled);
  const remove = section(page, "Delete account");
  await remove.getByLabel("Password").fill("wrong-password");
  await remove.getByRole("button", { name: "Delete my account" }).click();
  await expect(section(page, "Delete account").getByText("That password is not right.")).toBeVisible();

  await section(page, "Delete account").getByLabel("Password").fill(account.password);
  await section(page, "Delete account").getByRole("button", { name: "Delete my account" }).click();
  await expectToast(page, jsEnabled, "Account deleted");
  await expect(page).toHaveURL(`${appOrigin}/`);
  await expectSignedOut(page);
  const again = await page.request.post("/login", {
    headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(400);
});

test("is private: signed out it asks to sign in; never cached; no serious accessibility violations", async ({
  page,
  jsEnabled,
  request,
}) => {
  const signedOut = await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  expect(signedOut?.status()).toBe(200);
  // Connecting a provider signed out: sign in first, then back to the account page.
  const connect = await page.request.post("/auth/github", {
    headers: { Origin: appOrigin },
    form: { intent: "connect" },
    maxRedirects: 0,
  });
  expect(connect.status()).toBe(302);
  expect(connect.headers().location).toBe("/login?redirectTo=%2Faccount");
  const account = await createVerifiedAccount(request, "a11y");
  await signInQuickly(page, account);
  const response = await page.goto("/account");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await hydrated(page, jsEnabled);
  await expectNoSeriousAxeViolations(page, jsEnabled);
});
