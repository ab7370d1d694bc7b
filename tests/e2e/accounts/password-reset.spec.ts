import {
  appOrigin,
  createVerifiedAccount,
  expect,
  expectSignedInAs,
  expectToast,
  hydrated,
  linkTo,
  mailsTo,
  postResponse,
  test,
  uniqueIp,
  waitForMail,
} from "./support";

test.describe("password reset", () => {
  test("Forgot password? mails a one-hour, single-use link that sets a new password and ends other sessions", async ({
    page,
    jsEnabled,
    request,
    playwright,
  }) => {
    const account = await createVerifiedAccount(request, "reset");
    // Another device is signed in.
    const otherDevice = await playwright.request.newContext({ baseURL: appOrigin });
    const signedIn = await otherDevice.post("/login", {
      headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
      form: { email: account.email, password: account.password },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(303);
    expect(await (await otherDevice.get("/")).text()).toContain(account.name);

    await page.goto("/login");
    await hydrated(page, jsEnabled);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page).toHaveTitle("Forgot password | DevPerspective");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, jsEnabled, "Check your email", "valid for one hour");

    const mail = await waitForMail(request, account.email, "Reset your DevPerspective password");
    expect(mail.text).toContain("expires in 60 minutes");
    const link = linkTo(mail, "/reset-password");
    expect(mail.html).toContain(`href="${appOrigin}${link}"`);

    // A link scanner's GET uses nothing up: only the form's POST does.
    expect((await request.get(link)).status()).toBe(200);
    await page.goto(link);
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    const password = page.getByLabel("New password");
    const confirm = page.getByLabel("Confirm password");
    const submit = page.getByRole("button", { name: "Set new password" });
    // The same rules as registration.
    await password.fill("123");
    await confirm.fill("1234");
    if (jsEnabled) {
      await expect(submit).toBeDisabled();
    } else {
      const [response] = await Promise.all([postResponse(page, "/reset-password"), submit.click()]);
      expect(response.status()).toBe(400);
    }
    await expect(password).toHaveAccessibleDescription("Password must be at least 6 characters long.");
    await expect(confirm).toHaveAccessibleDescription("Passwords do not match.");

    await password.fill("brand-new-password");
    await confirm.fill("brand-new-password");
    await submit.click();
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Password Updated");
    await expectSignedInAs(page, account.name);

    // The other device was signed out; the old password is gone; the new one works.
    expect(await (await otherDevice.get("/")).text()).not.toContain(account.name);
    const login = (pw: string) =>
      request.post("/login", {
        headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
        form: { email: account.email, password: pw },
        maxRedirects: 0,
      });
    expect((await login(account.password)).status()).toBe(400);
    expect((await login("brand-new-password")).status()).toBe(303);
    await otherDevice.dispose();

    // The link works once.
    const reused = await page.goto(link);
    expect(reused?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Send me a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  test("an unknown address gets the same answer and no mail", async ({ page, jsEnabled, request }) => {
    const email = `nobody-${Date.now()}@example.com`;
    await page.goto("/forgot-password");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, jsEnabled, "Check your email", "If an account exists for that address");
    await page.waitForTimeout(500);
    expect(await mailsTo(request, email)).toHaveLength(0);
  });

  test("a made-up reset link shows no form", async ({ page }) => {
    const response = await page.goto("/reset-password?token=made-up");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This link is invalid or has expired" })).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveCount(0);
  });
});
