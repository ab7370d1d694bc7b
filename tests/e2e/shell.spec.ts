import { expect, hydrated, test } from "./support/fixtures";

const SITE = "DevPerspective";

test.describe("site shell", () => {
  test("every route of the spec's table renders in the shell with its title and status", async ({ page }) => {
    const routes: Array<[string, number, RegExp]> = [
      ["/", 200, /^DevPerspective — Code with Perspective$/],
      ["/interview-prep", 200, /^Interview Prep \| DevPerspective$/],
      ["/search", 200, /^Search \| DevPerspective$/],
      ["/about", 200, /^About \| DevPerspective$/],
      ["/login", 200, /^Login \| DevPerspective$/],
      ["/register", 200, /^Register \| DevPerspective$/],
      ["/whats-new", 200, /^What's New \| DevPerspective$/],
      ["/category/javascript", 200, / \| DevPerspective$/],
      ["/definitely/not/here", 404, /^Page Not Found \| DevPerspective$/],
    ];
    for (const [path, status, title] of routes) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page, path).toHaveTitle(title);
      await expect(page.getByRole("banner").getByRole("link", { name: SITE }), path).toBeVisible();
      await expect(page.getByRole("contentinfo"), path).toBeVisible();
    }
  });

  test("the not-found page offers a way on", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await expect(main.getByRole("link", { name: "Search Articles" })).toHaveAttribute("href", "/search");
    for (const category of ["javascript", "react", "css", "tutorials"]) {
      await expect(main.locator(`a[href="/category/${category}"]`)).toHaveCount(1);
    }
  });

  test("a crash shows the error page with a 500, a reference and no stack trace", async ({ page, jsEnabled }) => {
    const response = await page.goto("/__test/crash");
    expect(response?.status()).toBe(500);
    const html = await page.content();
    expect(html).not.toContain("Deliberate crash");
    expect(html).not.toMatch(/at .*\.js:\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The request's id, which the server logged with the cause, is the reference (kept after hydration).
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("main")).toContainText(`Reference: ${response?.headers()["x-request-id"]}`);
  });

  test("the header has the spec's links and exactly four categories", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await hydrated(page, jsEnabled);
    const nav = page.getByRole("banner");
    await expect(nav.getByRole("link", { name: "Home", exact: true }).first()).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Interview Prep" }).first()).toHaveAttribute("href", "/interview-prep");
    await expect(nav.getByRole("link", { name: "Tutorials" }).first()).toHaveAttribute("href", "/category/tutorials");
    await expect(nav.getByRole("link", { name: "About" }).first()).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Login" }).first()).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Register" }).first()).toHaveAttribute("href", "/register");
    await nav.locator("summary:visible", { hasText: "Categories" }).click();
    const menu = nav.locator("details[open]").first();
    await expect(menu.getByRole("link")).toHaveText(["JavaScript", "React", "CSS", "DevTools"]);
  });

  test("the header search trims, encodes and refuses a blank query", async ({ page, jsEnabled }) => {
    await page.goto("/about");
    await hydrated(page, jsEnabled);
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search articles" });
    await expect(box).toHaveAttribute("placeholder", "Search...");
    await box.fill("   ");
    await box.press("Enter");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/about$/);
    await box.fill("  react hooks & state ");
    await box.press("Enter");
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")?.trim()).toBe("react hooks & state");
    if (jsEnabled) {
      expect(url.search).toBe(`?q=${encodeURIComponent("react hooks & state")}`);
      await expect(page.getByRole("banner").getByRole("searchbox", { name: "Search articles" })).toHaveValue("");
    }
  });

  test("the mobile menu opens and holds the search, links and categories", async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await hydrated(page, jsEnabled);
    await page.getByRole("banner").locator("summary:visible", { hasText: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByPlaceholder("Search...")).toBeVisible();
    for (const name of ["JavaScript", "React", "CSS", "DevTools", "Interview Prep", "About", "Login", "Register"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });

  test("the footer has every link of the spec and this year's copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const href of [
      "/category/javascript",
      "/category/react",
      "/category/css",
      "/category/devtools",
      "/search",
      "/about",
      "/category/tutorials",
      "/category/opinions",
      "/login",
      "/best-practices",
      "/faq",
      "/contribute",
      "/partnerships",
      "/contact",
      "/terms",
      "/privacy",
      "/refund-policy",
      "/accessibility",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`).first(), href).toBeAttached();
    }
    await expect(footer.getByRole("link", { name: "All Articles" })).toHaveAttribute("href", "/search");
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });

  test("no feature says it is not yet implemented: the footer's pages are real", async ({ page, jsEnabled }) => {
    await page.goto("/about");
    await hydrated(page, jsEnabled);
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1, name: "FAQ" })).toBeVisible();
    await expect(page.getByText("not yet implemented")).toHaveCount(0);
    // No social address is set: no social links.
    await expect(page.getByRole("list", { name: "Social media" })).toHaveCount(0);
  });

  test("responses carry the security headers and a CSP that allows exactly the page's inline scripts", async ({
    page,
  }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    const html = await response!.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/application\/(ld\+)?json/.test(attributes ?? ""),
    );
    expect(inlineScripts.length).toBeGreaterThan(0);
    const { createHash } = await import("node:crypto");
    for (const [, attributes, body] of inlineScripts) {
      const nonce = /nonce="([^"]+)"/.exec(attributes ?? "")?.[1];
      const hash = `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`;
      expect(
        scriptSrc.includes(`'nonce-${nonce}'`) || scriptSrc.includes(hash),
        `inline script allowed: ${body?.slice(0, 60)}`,
      ).toBe(true);
    }
  });

  test("a personal response gets a fresh nonce every time", async ({ request }) => {
    const headers = { Cookie: "dp_toast=x" };
    const first = (await request.get("/about", { headers })).headers()["content-security-policy"];
    const second = (await request.get("/about", { headers })).headers()["content-security-policy"];
    const nonce = /'nonce-([^']+)'/.exec(first ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(second).not.toContain(nonce!);
  });
});

test.describe("toasts", () => {
  test("show one at a time, are announced, dismissible, and leave after 5 seconds", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the notice is a static banner (covered above)");
    // A blocked submission raises 'Invalid Form' (a toast in the browser, nothing posted).
    await page.goto("/contact");
    await hydrated(page, jsEnabled);
    // Enter submits the form (the button is aria-disabled until the form is complete).
    await page.getByLabel("Name").fill("A");
    await page.getByLabel("Name").press("Enter");
    await page.getByLabel("Name").fill("B");
    await page.getByLabel("Name").press("Enter");
    const toasts = page.locator("[data-sonner-toast]");
    await expect(toasts.filter({ hasText: "Invalid Form" }).first()).toBeVisible();
    // Sonner keeps an older toast in the DOM, marked not visible, while it leaves.
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(1);
    await expect(page.locator("section[aria-live]")).toHaveCount(1);
    const visible = page.locator('[data-sonner-toast][data-visible="true"]');
    await expect(visible).toContainText("Invalid Form");
    await visible.getByRole("button", { name: "Close notification" }).click();
    await expect(toasts.filter({ hasText: "Invalid Form" })).toHaveCount(0);

    await page.reload();
    await hydrated(page, jsEnabled);
    await page.getByLabel("Name").press("Enter");
    const again = toasts.filter({ hasText: "Invalid Form" });
    await expect(again).toBeVisible();
    const shownAt = Date.now();
    await expect(again).toHaveCount(0, { timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);
  });
});
