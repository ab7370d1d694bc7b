import {
  appOrigin,
  createVerifiedAccount,
  expect,
  expectFormAlert,
  expectSignedInAs,
  expectSignedOut,
  expectToast,
  hydrated,
  postResponse,
  signIn,
  test,
  uniqueIp,
} from "./support";

test.describe("log in and out", () => {
  test("signs in with the spec's toast, shows the name and Sign out, then signs out", async ({
    page,
    jsEnabled,
    request,
    context,
  }) => {
    const account = await createVerifiedAccount(request, "login");
    await page.goto("/login");
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("Login | DevPerspective");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    if (jsEnabled) {
      await page.route("**/login.data*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
    }
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    if (jsEnabled) await expect(page.getByRole("button", { name: "Signing in..." })).toBeVisible();
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Login Successful", "Welcome back!");
    await expectSignedInAs(page, account.name);

    // The cookie: only an id, HttpOnly, SameSite=Lax, the whole site (Secure only on https).
    const session = (await context.cookies()).find((cookie) => cookie.name === "dp_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    // A signed-in visitor has no use for the forms.
    await page.goto("/login");
    await expect(page).toHaveURL(`${appOrigin}/`);

    await hydrated(page, jsEnabled);
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Signed out successfully");
    await expectSignedOut(page);
    expect((await context.cookies()).find((cookie) => cookie.name === "dp_session")).toBeUndefined();
    // The old cookie no longer works either: its session row is gone.
    const replay = await request.get("/", { headers: { Cookie: `dp_session=${session!.value}` } });
    expect(await replay.text()).not.toContain(account.name);
  });

  test("a wrong password and an unknown email get the same generic 'Sign in Failed'", async ({
    page,
    jsEnabled,
    request,
    context,
  }) => {
    const account = await createVerifiedAccount(request, "wrong");
    for (const [email, password] of [
      [account.email, "not-the-password"],
      ["nobody-at-all@example.com", "not-the-password"],
    ] as const) {
      await page.goto("/login");
      await hydrated(page, jsEnabled);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      const [response] = await Promise.all([
        postResponse(page, "/login"),
        page.getByRole("button", { name: "Sign in", exact: true }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expectFormAlert(page, "Sign in Failed", "Invalid email or password.");
      if (jsEnabled) await expectToast(page, true, "Sign in Failed", "Invalid email or password.");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      // The server never sends a password back (with JavaScript the field simply keeps what was typed).
      if (!jsEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    }
    expect((await context.cookies()).find((cookie) => cookie.name === "dp_session")).toBeUndefined();
  });

  test("the login fields follow the same rules", async ({ page, jsEnabled }) => {
    await page.goto("/login");
    await hydrated(page, jsEnabled);
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const submit = page.getByRole("button", { name: "Sign in", exact: true });
    if (jsEnabled) {
      await expect(submit).toBeDisabled();
      await email.pressSequentially("ada@");
      await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
      await password.pressSequentially("123");
      await expect(password).toHaveAccessibleDescription("Password must be at least 6 characters long.");
      await submit.click({ force: true });
      await expectToast(page, true, "Invalid Form", "Please correct the errors before submitting.");
      await expect(page).toHaveURL(/\/login$/);
    } else {
      await expect(submit).toBeEnabled();
      const [response] = await Promise.all([postResponse(page, "/login"), submit.click()]);
      expect(response.status()).toBe(400);
      await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
      await expect(password).toHaveAccessibleDescription("Password must be at least 6 characters long.");
      await expectFormAlert(page, "Invalid Form", "Please correct the errors before submitting.");
    }
  });

  test("goes back to a same-site redirectTo; an off-site one is refused", async ({ page, jsEnabled, request }) => {
    const account = await createVerifiedAccount(request, "redirect");
    await signIn(page, account, jsEnabled, "/login?redirectTo=%2Fabout%3Ftab%3D1");
    await expect(page).toHaveURL(`${appOrigin}/about?tab=1`);
    await expectToast(page, jsEnabled, "Login Successful");

    for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      await page.context().clearCookies();
      await signIn(page, account, jsEnabled, `/login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page, target).toHaveURL(`${appOrigin}/`);
    }
    // Even a forged form field cannot send the browser away.
    await page.context().clearCookies();
    const forged = await request.post("/login", {
      headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
      form: { email: account.email, password: account.password, redirectTo: "https://evil.example/" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    expect(forged.headers().location).toBe("/");
  });

  test("GET /logout changes nothing", async ({ page, jsEnabled, request }) => {
    const account = await createVerifiedAccount(request, "getlogout");
    await signIn(page, account, jsEnabled);
    await expect(page).toHaveURL(`${appOrigin}/`);
    await page.goto("/logout");
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectSignedInAs(page, account.name);
  });

  test("the login page links to registration and the password reset", async ({ page, jsEnabled }) => {
    await page.goto("/login");
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("main").getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(page.getByRole("button", { name: "Continue with GitHub" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });
});
