import { expect, expectNoSeriousAxeViolations, hydrated, test } from "./support";

const pages = [
  "/login",
  "/register",
  "/forgot-password",
  "/verify-email",
  "/verify-email?token=expired",
  "/reset-password?token=expired",
  "/auth/github/callback?state=x",
];

test.describe("accessibility of the account pages", () => {
  for (const path of pages) {
    test(`${path} has no serious or critical axe violations`, async ({ page, jsEnabled }) => {
      await page.goto(path);
      await hydrated(page, jsEnabled);
      await expectNoSeriousAxeViolations(page, jsEnabled);
    });
  }

  test("the register form with its errors showing is accessible too", async ({ page, jsEnabled }) => {
    await page.goto("/register");
    await hydrated(page, jsEnabled);
    if (jsEnabled) {
      await page.getByLabel("Email", { exact: true }).fill("nope");
      await page.getByLabel("Password", { exact: true }).fill("1");
      await page.getByLabel("Confirm password", { exact: true }).fill("2");
    } else {
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByTestId("form-alert")).toBeVisible();
    }
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
