/** Helpers shared by the search and interview-prep specs: forced read failures and axe. */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "../support/fixtures";

/** Makes every database read of this context fail (the server's test hook). */
export async function failReads(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: "dp_test_fail_reads", value: "1", url: baseURL ?? "http://127.0.0.1" }]);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * No serious or critical WCAG 2 A/AA violation. With JavaScript, the page as it is now. Without,
 * axe (a script) cannot run in the page, so the server's document is loaded with its scripts
 * removed in a context where axe can run, and `prepare` repeats the no-JS interactions there
 * (opening a <details>, …).
 */
export async function expectNoSeriousAxeViolations(page: Page, jsEnabled: boolean, prepare?: (copy: Page) => Promise<void>) {
  if (jsEnabled) {
    expect(await seriousViolations(page)).toEqual([]);
    return;
  }
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to open a scripting context in");
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
    await prepare?.(copy);
    expect(await seriousViolations(copy)).toEqual([]);
  } finally {
    await context.close();
  }
}
