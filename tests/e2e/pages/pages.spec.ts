import { randomBytes } from "node:crypto";
import { E2E_ADMIN } from "../../../playwright.config";
import { appOrigin, expect, expectToast, hydrated, test, uniqueIp } from "../accounts/support";

const PAGES = [
  ["Terms of Service", "/terms"],
  ["Privacy Policy", "/privacy"],
  ["Refund Policy", "/refund-policy"],
  ["Accessibility Policy", "/accessibility"],
  ["FAQ", "/faq"],
  ["Best Practices", "/best-practices"],
  ["Contribute", "/contribute"],
  ["Partnerships", "/partnerships"],
] as const;

test.describe("site pages", () => {
  test("every footer page renders its seeded text", async ({ request }) => {
    for (const [title, path] of PAGES) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`${title.replace("&", "&amp;")}</h1>`);
      expect(html, path).toContain("<h2");
    }
  });

  test("an administrator edits a page with a preview; readers see the change", async ({ page, jsEnabled }) => {
    const token = randomBytes(4).toString("hex");
    const signedIn = await page.request.post("/admin/login", {
      headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
      form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(303);
    await page.goto("/admin/pages");
    await hydrated(page, jsEnabled);
    await page.getByRole("link", { name: "Edit Partnerships" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Partnerships" })).toBeVisible();
    await hydrated(page, jsEnabled);
    const content = page.getByLabel("Content");
    const original = await content.inputValue();
    await content.fill(`${original}\n\n## Update ${token}\n\nNow with **bold ${token}**.`);
    if (jsEnabled) {
      await page.getByRole("tab", { name: "Preview" }).click();
      await expect(page.getByRole("tabpanel").getByRole("heading", { name: `Update ${token}` })).toBeVisible();
      await page.getByRole("tab", { name: "Write" }).click();
    } else {
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(
        page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: `Update ${token}` }),
      ).toBeVisible();
      // What was typed is kept.
      await expect(page.getByLabel("Content")).toHaveValue(new RegExp(`bold ${token}`));
    }
    await page.getByRole("button", { name: "Save page" }).click();
    await expectToast(page, jsEnabled, "Page saved");

    await page.context().clearCookies();
    await page.goto("/partnerships");
    await expect(page.getByRole("heading", { level: 2, name: `Update ${token}` })).toBeVisible();
    await expect(page.getByTestId("site-page-body").locator("strong", { hasText: `bold ${token}` })).toBeVisible();
  });
});
