import {
  createVerifiedAccount,
  expect,
  expectFormAlert,
  expectToast,
  hydrated,
  postResponse,
  test,
  uniqueEmail,
  waitForMail,
} from "./support";

const MESSAGES = {
  name: "Full name is required.",
  email: "Please enter a valid email address.",
  password: "Password must be at least 6 characters long.",
  confirm: "Passwords do not match.",
  terms: "Please agree to the terms and conditions to continue.",
};

test.describe("register", () => {
  test("the form has every field, the agreement box and both providers", async ({ page, jsEnabled }) => {
    await page.goto("/register");
    await hydrated(page, jsEnabled);
    await expect(page).toHaveTitle("Register | DevPerspective");
    for (const label of ["Full name", "Email", "Password", "Confirm password"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("checkbox", { name: "I agree to the terms and conditions" })).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Continue with GitHub" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    const submit = page.getByRole("button", { name: "Create Account" });
    // Disabled until filled and valid with JavaScript; always enabled without it, so the server can answer.
    if (jsEnabled) await expect(submit).toBeDisabled();
    else await expect(submit).toBeEnabled();
  });

  test("every message, as the visitor types (JavaScript) or from the server (400, no JavaScript)", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/register");
    await hydrated(page, jsEnabled);
    const name = page.getByLabel("Full name", { exact: true });
    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm password", { exact: true });
    const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
    const submit = page.getByRole("button", { name: "Create Account" });

    if (jsEnabled) {
      await name.fill("A");
      await name.fill("   ");
      await expect(name).toHaveAccessibleDescription(MESSAGES.name);
      await email.pressSequentially("not-an-email");
      await expect(email).toHaveAccessibleDescription(MESSAGES.email);
      await password.pressSequentially("123");
      await expect(password).toHaveAccessibleDescription(MESSAGES.password);
      await confirm.pressSequentially("1234");
      await expect(confirm).toHaveAccessibleDescription(MESSAGES.confirm);
      await expect(submit).toBeDisabled();

      // A blocked submission (Enter in a field) raises 'Invalid Form'.
      await email.press("Enter");
      await expectToast(page, true, "Invalid Form", "Please correct the errors before submitting.");

      await name.fill("Ada Lovelace");
      await email.fill("ada@example.com");
      await password.fill("secret1");
      await confirm.fill("secret1");
      for (const field of [name, email, password, confirm]) await expect(field).toHaveAccessibleDescription("");
      // The confirmation is checked again when the password changes.
      await password.fill("secret2");
      await expect(confirm).toHaveAccessibleDescription(MESSAGES.confirm);
      await expect(submit).toBeDisabled();
      await password.fill("secret1");
      await expect(confirm).toHaveAccessibleDescription("");
      // The box is not a text field: the button enables without it, and the submission asks for it.
      await expect(submit).toBeEnabled();
      await submit.click();
      await expectToast(page, true, "Terms Required", MESSAGES.terms);
      await expect(terms).toHaveAccessibleDescription(MESSAGES.terms);
      await expect(page).toHaveURL(/\/register$/);
      return;
    }

    // Without JavaScript: the empty form posts, and the server answers 400 with every message.
    let [response] = await Promise.all([postResponse(page, "/register"), submit.click()]);
    expect(response.status()).toBe(400);
    await expect(name).toHaveAccessibleDescription(MESSAGES.name);
    await expect(email).toHaveAccessibleDescription(MESSAGES.email);
    await expect(password).toHaveAccessibleDescription(MESSAGES.password);
    await expect(confirm).toHaveAccessibleDescription(MESSAGES.confirm);
    await expect(terms).toHaveAccessibleDescription(MESSAGES.terms);
    await expectFormAlert(page, "Invalid Form", "Please correct the errors before submitting.");

    await name.fill("Ada Lovelace");
    await email.fill("ada-nojs@example.com");
    await password.fill("secret1");
    await confirm.fill("secret2");
    [response] = await Promise.all([postResponse(page, "/register"), submit.click()]);
    expect(response.status()).toBe(400);
    await expect(confirm).toHaveAccessibleDescription(MESSAGES.confirm);
    await expect(name).toHaveValue("Ada Lovelace");
    await expect(password).toHaveValue(""); // passwords are never sent back

    await password.fill("secret1");
    await confirm.fill("secret1");
    [response] = await Promise.all([postResponse(page, "/register"), submit.click()]);
    expect(response.status()).toBe(400);
    await expectFormAlert(page, "Terms Required", MESSAGES.terms);
    await expect(terms).toHaveAccessibleDescription(MESSAGES.terms);
    await expect(name).toHaveAccessibleDescription("");
  });

  test("success: the spec's toast, /login, and a verification mail", async ({ page, jsEnabled, request }) => {
    const email = uniqueEmail("register");
    await page.goto("/register");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Full name", { exact: true }).fill("Grace Hopper");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("cobol-1959");
    await page.getByLabel("Confirm password", { exact: true }).fill("cobol-1959");
    await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
    if (jsEnabled) {
      // Hold the request a moment to see the busy state.
      await page.route("**/register.data*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
    }
    await page.getByRole("button", { name: "Create Account" }).click();
    if (jsEnabled) await expect(page.getByRole("button", { name: "Creating Account..." })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, jsEnabled, "Registration Successful", "Please check your email to verify your account.");
    const mail = await waitForMail(request, email, "Verify your email address for DevPerspective");
    expect(mail.to).toContain(email);
    expect(mail.text).toContain("Hello Grace Hopper,");
  });

  test("a taken address reveals nothing; its owner gets a mail instead", async ({ page, jsEnabled, request }) => {
    const owner = await createVerifiedAccount(request, "taken");
    await page.goto("/register");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Full name", { exact: true }).fill("Someone Else");
    await page.getByLabel("Email", { exact: true }).fill(owner.email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("another-pass");
    await page.getByLabel("Confirm password", { exact: true }).fill("another-pass");
    await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, jsEnabled, "Registration Successful", "Please check your email to verify your account.");
    const notice = await waitForMail(request, owner.email, "You already have a DevPerspective account");
    expect(notice.text).toContain(`Hello ${owner.name},`);
  });
});
