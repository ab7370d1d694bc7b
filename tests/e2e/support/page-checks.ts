/** Checks several browser specs share: forced read failures and axe with JavaScript on and off. */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, Response } from "@playwright/test";
import { expect } from "./fixtures";

/** Makes every content read of this context's requests fail (the server's test hook). */
export async function failReads(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: "dp_test_fail_reads", value: "1", url: baseURL ?? "http://127.0.0.1" }]);
}

/** What the simulated failure's own message says: it must never reach a page. */
export const DRIVER_TEXT = /simulated|database is unavailable|SimulatedDatabaseError/i;

/**
 * The error screen of a forced read failure, inside the page's frame: 503, the spec's title in an
 * alert, the spec's toast (with JavaScript), no driver text anywhere in the document (page or
 * hydration data), and the request's id (X-Request-Id) as the reference the server logged.
 */
export async function expectReadFailureScreen(
  page: Page,
  response: Response | null,
  { title, toast = title, jsEnabled }: { title: string; toast?: string; jsEnabled: boolean },
) {
  expect(response?.status()).toBe(503);
  const main = page.getByRole("main");
  await expect(main.getByRole("alert")).toContainText(title);
  const requestId = response?.headers()["x-request-id"];
  expect(requestId).toBeTruthy();
  await expect(main).toContainText(`Reference: ${requestId}`);
  await expect(main.getByRole("link", { name: "Try again" })).toBeVisible();
  expect(await page.content()).not.toMatch(DRIVER_TEXT);
  if (jsEnabled) await expect(page.locator("[data-sonner-toast]", { hasText: toast })).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: toast })).toBeVisible();
}

async function seriousViolations(page: Page, exclude: string[]) {
  // A toast still fading in is measured half transparent (a contrast it never has at rest):
  // with reduced motion, sonner shows it at once, as such readers see it.
  await page.emulateMedia({ reducedMotion: "reduce" });
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} — ${node.failureSummary}`).join("; ")}`,
    );
}

export type AxeOptions = {
  /** Repeats the no-JS interactions (opening a <details>, …) on the script-free copy. */
  prepare?: (copy: Page) => Promise<void>;
  /** Selectors left out of the scan. */
  exclude?: string[];
};

/**
 * No serious or critical WCAG 2 A/AA violation on the page as it is now. axe is a script, and
 * scripts cannot run where JavaScript is off, so the no-JS page is checked as the server sent it:
 * the same document with every <script> removed, loaded in a context where axe itself can run.
 */
export async function expectNoSeriousAxeViolations(page: Page, jsEnabled = true, options: AxeOptions = {}) {
  const exclude = options.exclude ?? [];
  if (jsEnabled) {
    expect(await seriousViolations(page, exclude)).toEqual([]);
    return;
  }
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to open a scripting context in");
  // The test runner applies the project's options to new contexts too: switch scripting back on.
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    await context.addCookies(await page.context().cookies());
    await context.route("**/*", async (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      if (request.resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
      return route.fulfill({ response, body });
    });
    const copy = await context.newPage();
    await copy.goto(page.url());
    expect(await copy.evaluate(() => document.documentElement.className)).toBe("no-js");
    await options.prepare?.(copy);
    expect(await seriousViolations(copy, exclude)).toEqual([]);
  } finally {
    await context.close();
  }
}
