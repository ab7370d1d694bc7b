import { E2E_ADMIN, expect, expectFieldError, expectToast, hydrated, READER, test } from "./support";

test.describe("admin login and the guard", () => {
  test("a signed-out visitor is sent to the admin login with the origin, and signing in returns there", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/admin/articles/new?from=test");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Farticles%2Fnew%3Ffrom%3Dtest$/);
    await expect(page).toHaveTitle("Admin Login | DevPerspective");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await hydrated(page, jsEnabled);

    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const submit = page.getByRole("button", { name: "Sign In" });

    // Empty and malformed fields: errors under each field; with JavaScript the button is disabled
    // and a blocked submission raises 'Invalid Form', without it the server answers the same.
    if (jsEnabled) {
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await email.fill("not-an-email");
      await password.fill("123");
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await password.press("Enter");
      await expectToast(page, true, "Invalid Form", "Please correct the errors before submitting.");
    } else {
      await email.fill("not-an-email");
      await password.fill("123");
      await submit.click();
      await expect(page.getByTestId("form-alert")).toContainText("Invalid Form");
    }
    await expectFieldError(page, "Email", "Please enter a valid email address.");
    await expectFieldError(page, "Password", "Password must be at least 6 characters long.");
    await expect(page).toHaveURL(/redirectTo=%2Fadmin%2Farticles%2Fnew/);

    // A wrong password: refused, and the form can be used again at once.
    await email.fill(E2E_ADMIN.email);
    await password.fill("wrong-password");
    await expect(submit).not.toHaveAttribute("aria-disabled", "true");
    await submit.click();
    await expect(page.getByTestId("form-alert")).toContainText("Sign in Failed");
    await expect(page.getByTestId("form-alert")).toContainText("Invalid email or password.");
    await expect(page.getByRole("button", { name: "Sign In" })).not.toHaveAttribute("aria-disabled", "true");

    // The right one: straight back to the page the guard stopped (no waiting).
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    if (jsEnabled) {
      // The busy state shows while the server decides.
      await page.route("**/admin/login*", async (route) => {
        if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("button", { name: "Authenticating..." })).toHaveAttribute("aria-disabled", "true");
    } else {
      await page.getByRole("button", { name: "Sign In" }).click();
    }
    await page.waitForURL(/\/admin\/articles\/new\?from=test$/);
    await expect(page.getByRole("heading", { name: "New Article", level: 1 })).toBeVisible();
    await expectToast(page, jsEnabled, "Login Successful", "Welcome back!");
    if (jsEnabled) {
      // Earlier failures queued behind the success do not come back after it.
      await expect(page.locator("[data-sonner-toast]", { hasText: "Sign in Failed" })).toHaveCount(0);
      await expect(page.locator("[data-sonner-toast]", { hasText: "Invalid Form" })).toHaveCount(0);
    }

    // An administrator who is already signed in skips the login.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Article Management" })).toBeVisible();
  });

  test("every admin page requires an administrator and remembers where the visitor was going", async ({ page }) => {
    for (const path of [
      "/admin",
      "/admin/dashboard",
      "/admin/articles/new",
      "/admin/articles/edit/1",
      "/admin/articles/delete/1",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, path).toBe("/admin/login");
      expect(new URL(page.url()).searchParams.get("redirectTo"), path).toBe(path);
    }
    // Only same-site admin paths are honoured as the way back.
    await page.goto("/admin/login?redirectTo=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
  });

  test("a signed-in reader without the flag is told Access Denied and gets no admin access", async ({
    page,
    context,
    jsEnabled,
  }) => {
    await page.goto("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Email").fill(READER.email);
    await page.getByLabel("Password", { exact: true }).fill(READER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByTestId("form-alert")).toContainText("Access Denied");
    await expect(page.getByTestId("form-alert")).toContainText("You do not have administrative privileges.");
    if (jsEnabled) await expectToast(page, true, "Access Denied", "You do not have administrative privileges.");
    // No session was started by the admin login.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("dp_session");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);

    // Signed in on the public site, the reader is still refused, and told why.
    await page.goto("/login");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Email").fill(READER.email);
    await page.getByLabel("Password", { exact: true }).fill(READER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin/articles/new");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Farticles%2Fnew$/);
    await expect(page.getByTestId("form-alert")).toContainText("Access Denied");
    await expect(page.getByTestId("form-alert")).toContainText(`You are signed in as ${READER.name}`);
  });

  test("the password can be shown and hidden with JavaScript; without it the field stays a plain password", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/admin/login");
    await hydrated(page, jsEnabled);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-value");
    const toggle = page.getByRole("button", { name: "Show password" });
    if (!jsEnabled) {
      await expect(toggle).toBeHidden();
      await expect(password).toHaveAttribute("type", "password");
      return;
    }
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });
});
