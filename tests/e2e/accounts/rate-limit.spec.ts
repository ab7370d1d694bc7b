import {
  appOrigin,
  createVerifiedAccount,
  expect,
  expectFormAlert,
  expectSignedInAs,
  expectToast,
  hydrated,
  postResponse,
  signIn,
  test,
  uniqueIp,
} from "./support";

test.describe("sign-in rate limit", () => {
  test("10 failures lock that place out with a 429; the owner signing in from elsewhere still gets in", async ({
    page,
    jsEnabled,
    request,
    clientIp,
    browser,
  }) => {
    const account = await createVerifiedAccount(request, "ratelimit");
    // Nine quick failures over HTTP from this test's address, the tenth and eleventh through the form.
    for (let i = 0; i < 9; i++) {
      const response = await request.post("/login", {
        headers: { Origin: appOrigin, "X-Test-Client-Ip": clientIp },
        form: { email: account.email, password: `guess-number-${i}` },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
    }
    await page.goto("/login");
    await hydrated(page, jsEnabled);
    const attempt = async (password: string) => {
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      const [response] = await Promise.all([
        postResponse(page, "/login"),
        page.getByRole("button", { name: "Sign in", exact: true }).click(),
      ]);
      return response;
    };
    expect((await attempt("guess-number-9")).status()).toBe(400);
    await expectFormAlert(page, "Sign in Failed", "Invalid email or password.");

    // Now even the right password is refused from here, for the rest of the 15-minute window.
    const refused = await attempt(account.password);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(14 * 60);
    await expectFormAlert(page, "Sign in Failed", "Too many attempts. Try again in 15 minutes.");
    if (jsEnabled) await expectToast(page, true, "Sign in Failed", "Too many attempts. Try again in 15 minutes.");
    await expect(page).toHaveURL(/\/login$/);

    // The owner, somewhere else, is not locked out.
    const elsewhere = await browser.newContext({
      javaScriptEnabled: jsEnabled,
      extraHTTPHeaders: { "X-Test-Client-Ip": uniqueIp() },
    });
    const ownerPage = await elsewhere.newPage();
    await signIn(ownerPage, account, jsEnabled);
    await expect(ownerPage).toHaveURL(`${appOrigin}/`);
    await expectSignedInAs(ownerPage, account.name);
    await elsewhere.close();
  });
});
