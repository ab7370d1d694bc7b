import { randomBytes } from "node:crypto";
import {
  appOrigin,
  expect,
  expectFormAlert,
  expectSignedInAs,
  expectSignedOut,
  expectToast,
  hydrated,
  linkTo,
  test,
  uniqueEmail,
  uniqueIp,
  waitForMail,
} from "./support";

/** Registers over HTTP without verifying. */
async function registerUnverified(request: import("@playwright/test").APIRequestContext, name: string) {
  const account = { name, email: uniqueEmail("verify"), password: `pw-${randomBytes(5).toString("hex")}` };
  const response = await request.post("/register", {
    headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
    form: {
      name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      agreedToTerms: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  return account;
}

test.describe("email verification", () => {
  test("the mail through SMTP has text and HTML; its link opens a confirm page whose button verifies, signs in, and works once", async ({
    page,
    jsEnabled,
    request,
  }) => {
    const account = await registerUnverified(request, "Katherine Johnson");
    const mail = await waitForMail(request, account.email, "Verify your email address for DevPerspective");
    expect(mail.from).toContain("no-reply@devperspective.test");
    const link = linkTo(mail, "/verify-email");
    expect(mail.text).toContain(`${appOrigin}${link}`);
    expect(mail.html).toContain(`href="${appOrigin}${link}"`);
    expect(mail.text).toContain("expires in 24 hours");

    // Opening the link (what a mail scanner does) verifies nothing and uses nothing up.
    for (let i = 0; i < 2; i++) {
      const opened = await page.goto(link);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()["cache-control"]).toBe("private, no-store");
    }
    await expectSignedOut(page);
    const signIn = await request.post("/login", {
      headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
      form: { email: account.email, password: account.password },
      maxRedirects: 0,
    });
    expect(signIn.status(), "still unverified after the GETs").toBe(403);

    await hydrated(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Email Verified");
    await expectSignedInAs(page, "Katherine Johnson");

    const again = await page.goto(link);
    expect(again?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  });

  test("a verify button pressed after the link was used says so", async ({ page, jsEnabled, request }) => {
    const account = await registerUnverified(request, "Mary Jackson");
    const link = linkTo(await waitForMail(request, account.email, /^Verify your email/), "/verify-email");
    await page.goto(link);
    await hydrated(page, jsEnabled);
    // Used meanwhile (another tab).
    const token = new URL(link, appOrigin).searchParams.get("token") ?? "";
    const used = await request.post("/verify-email", {
      headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
      form: { intent: "verify", token },
      maxRedirects: 0,
    });
    expect(used.status()).toBe(303);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  });

  test("an unverified user who signs in is told to verify, and can have the mail again", async ({
    page,
    jsEnabled,
    request,
  }) => {
    const account = await registerUnverified(request, "Dorothy Vaughan");
    const first = await waitForMail(request, account.email, /^Verify your email/);
    await page.goto("/login");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectFormAlert(page, "Please verify your email address");
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole("button", { name: "Send the verification link again" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, jsEnabled, "Check your email");
    const second = await waitForMail(request, account.email, /^Verify your email/, 2);
    expect(linkTo(second, "/verify-email")).not.toBe(linkTo(first, "/verify-email"));

    // The new link replaced the old one.
    const stale = await page.goto(linkTo(first, "/verify-email"));
    expect(stale?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();
    await page.goto(linkTo(second, "/verify-email"));
    await hydrated(page, jsEnabled);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Email Verified");
    await expectSignedInAs(page, "Dorothy Vaughan");
  });

  test("a made-up link is refused with a way to ask for a new one", async ({ page, jsEnabled }) => {
    for (const token of ["%00", "A".repeat(43), "bogus"]) {
      const response = await page.goto(`/verify-email?token=${token}`);
      expect(response?.status(), token).toBe(400);
    }
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
  });
});
