/**
 * The writer's toolkit on the article page (issue 26), with JavaScript on and off: code blocks
 * (title, highlighted lines, numbers, diff, terminal), callouts, math, heading links, footnotes;
 * Copy copies exactly the code (JavaScript); the page reads without JavaScript; axe.
 */
import type { Page } from "@playwright/test";
import { articles as demoArticles } from "../../../app/seed/demo/articles";
import { expect, hydrated, test } from "../support/fixtures";
import { expectNoSeriousAxeViolations } from "./support";

const TOOLKIT = demoArticles.find((article) => article.slug === "rate-limiting-an-api-with-a-token-bucket")!;
const NO_MATH = demoArticles.find((article) => article.slug === "quick-tip-focus-visible")!;
const FULL = `/post/${TOOLKIT.slug}?full=1`;

const body = (page: Page) => page.getByTestId("article-content");
const block = (page: Page, caption: string | RegExp) =>
  body(page)
    .locator("figure.code-block")
    .filter({ has: page.locator("figcaption", { hasText: caption }) });

test.describe("writer's toolkit on the article page", () => {
  test("shows titled, numbered, highlighted, diff and terminal code blocks", async ({ page, jsEnabled }) => {
    await page.goto(FULL);
    await hydrated(page, jsEnabled);
    const limiter = block(page, "src/rate-limit.tsTypeScript").first();
    await expect(limiter.locator("figcaption .code-title")).toHaveText("src/rate-limit.ts");
    await expect(limiter.locator("pre")).toHaveClass(/has-line-numbers/);
    // Lines 12-17 are highlighted, marked by a bar and a label screen readers read.
    await expect(limiter.locator(".line.highlighted")).toHaveCount(6);
    await expect(limiter.locator(".line.highlighted").first()).toContainText("Highlighted: // Refill");
    const bar = await limiter
      .locator(".line.highlighted")
      .first()
      .evaluate((line) => getComputedStyle(line).boxShadow);
    expect(bar).toContain("inset");
    // Numbers are CSS counters: the 12th line shows "12" without it being text.
    const number = await limiter
      .locator(".line")
      .nth(11)
      .evaluate((line) => getComputedStyle(line, "::before").content);
    expect(number).toMatch(/counter\(line\)/);

    const diff = block(page, "TypeScript diff");
    await expect(diff.locator(".line.diff.add")).not.toHaveCount(0);
    await expect(diff.locator(".line.diff.remove").first()).toContainText("Removed: const buckets");
    const sign = await diff
      .locator(".line.diff.add .code-mark")
      .first()
      .evaluate((mark) => getComputedStyle(mark, "::before").content);
    expect(sign).toContain("+");

    const terminal = block(page, "Terminal").first();
    await expect(terminal.locator(".code-prompt").first()).toHaveText("$ ");
    await expect(terminal.locator(".line.output").first()).toHaveText("[1] 48213");
    const [promptColor, commandColor] = await Promise.all([
      terminal
        .locator(".code-prompt")
        .first()
        .evaluate((prompt) => getComputedStyle(prompt).userSelect),
      terminal
        .locator(".line.output")
        .first()
        .evaluate((line) => getComputedStyle(line).fontStyle),
    ]);
    expect(promptColor).toBe("none");
    expect(commandColor).toBe("italic");

    // Copy and Wrap exist only with JavaScript; without it the header shows the title alone.
    await expect(limiter.getByRole("button", { name: "Copy code" })).toHaveCount(jsEnabled ? 1 : 0);
    await expect(limiter.getByRole("button", { name: "Wrap lines" })).toHaveCount(jsEnabled ? 1 : 0);
  });

  test("long lines scroll inside the block; with JavaScript, Wrap breaks them", async ({ page, jsEnabled }) => {
    await page.goto(FULL);
    await hydrated(page, jsEnabled);
    const limiter = block(page, "src/rate-limit.tsTypeScript").first();
    const pre = limiter.locator("pre");
    const overflow = () => pre.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(await overflow()).toBeGreaterThan(0);
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await expect(pre).toHaveAttribute("tabindex", "0");
    if (!jsEnabled) return;
    const wrap = limiter.getByRole("button", { name: "Wrap lines" });
    await expect(wrap).toHaveAttribute("aria-pressed", "false");
    await wrap.click();
    await expect(wrap).toHaveAttribute("aria-pressed", "true");
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await wrap.click();
    await expect.poll(overflow).toBeGreaterThan(0);
  });

  test("Copy copies exactly the code and says Copied", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, "The copy button needs JavaScript");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(FULL);
    await hydrated(page, jsEnabled);
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    const limiter = block(page, "src/rate-limit.tsTypeScript").first();
    await limiter.getByRole("button", { name: "Copy code" }).click();
    await expect(limiter.getByRole("status")).toHaveText("Copied");
    await expect(limiter.getByRole("button", { name: "Copy code" })).toHaveText("Copied");
    const code = TOOLKIT.content
      .split('```ts title="src/rate-limit.ts" {12-17} showLineNumbers\n')[1]!
      .split("\n```")[0];
    expect(await clipboard()).toBe(code);

    // A diff: the new code, without signs, labels or removed lines.
    await block(page, "TypeScript diff").getByRole("button", { name: "Copy code" }).click();
    const copiedDiff = await clipboard();
    expect(copiedDiff).toContain('import { createClient } from "redis";');
    expect(copiedDiff).not.toContain("const buckets = new Map");
    expect(copiedDiff).not.toMatch(/^[+-]|Added|Removed/m);
    expect(copiedDiff.split("\n")[0]).toBe('import { createClient } from "redis";');

    // Shiki notation is gone from the copy too.
    const server = block(page, "src/server.ts");
    await server.getByRole("button", { name: "Copy code" }).click();
    const copiedServer = await clipboard();
    expect(copiedServer).toContain('response.writeHead(429, { "Retry-After": String(decision.retryAfterSeconds) });\n');
    expect(copiedServer).not.toContain("[!code");

    // A terminal session: the commands, without prompts or output.
    await block(page, "Terminal").first().getByRole("button", { name: "Copy code" }).click();
    expect(await clipboard()).toBe(
      [
        "node --experimental-strip-types src/server.ts &",
        'for i in $(seq 1 25); do curl -s -o /dev/null -w "%{http_code} " localhost:3000; done; echo',
        "curl -si localhost:3000 | grep -i retry-after",
      ].join("\n"),
    );
  });

  test("without JavaScript the code is plain selectable text; numbers and labels are not selected", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto(FULL);
    await hydrated(page, jsEnabled);
    const limiter = block(page, "src/rate-limit.tsTypeScript").first();
    const selected = await limiter.locator("pre code").evaluate((code) => {
      const selection = getSelection()!;
      selection.selectAllChildren(code);
      return selection.toString();
    });
    expect(selected).toContain("export function take(key: string, policy: Policy, now = Date.now()): Decision {");
    expect(selected).not.toContain("Highlighted:");
    expect(selected).not.toMatch(/^\s*1\d\s/m);
  });

  test("callouts, math, heading links and footnotes", async ({ page, jsEnabled }) => {
    await page.goto(FULL);
    await hydrated(page, jsEnabled);
    for (const label of ["Note", "Tip", "Important", "Warning", "Caution"]) {
      const callout = body(page)
        .getByRole("note")
        .filter({ hasText: new RegExp(`^${label}`) });
      await expect(callout).toHaveCount(1);
      await expect(callout.locator(".callout-title")).toHaveText(label);
      await expect(callout.locator("svg")).toHaveAttribute("aria-hidden", "true");
    }

    // Math: MathML for assistive technology, KaTeX's HTML on screen, its stylesheet in the head.
    await expect(body(page).locator("math").first()).toBeAttached();
    await expect(body(page).locator(".math-display")).toHaveCount(2);
    await expect(page.locator('head link[rel="stylesheet"][href*="katex"]')).toHaveCount(1);
    const hiddenMathml = await body(page)
      .locator(".katex-mathml")
      .first()
      .evaluate((element) => getComputedStyle(element).position);
    expect(hiddenMathml).toBe("absolute");

    // A heading's own link.
    const link = body(page).getByRole("link", { name: "Link to this section: Testing the limiter" });
    await expect(link).toHaveAttribute("href", "#testing-the-limiter");
    await link.click();
    await expect(page).toHaveURL(/#testing-the-limiter$/);

    // A footnote and its way back.
    await body(page).locator("[data-footnote-ref]").first().click();
    await expect(page).toHaveURL(/#user-content-fn-leaky$/);
    await body(page).getByRole("link", { name: "Back to reference 1" }).click();
    await expect(page).toHaveURL(/#user-content-fnref-leaky$/);
  });

  test("an article without math loads no KaTeX stylesheet", async ({ page }) => {
    await page.goto(`/post/${NO_MATH.slug}`);
    await expect(page.locator('link[rel="stylesheet"][href*="katex"]')).toHaveCount(0);
  });

  test("axe finds no serious violations on the article with every feature", async ({ page, jsEnabled }) => {
    await page.goto(FULL);
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });

  test("axe finds no serious violations in the dark colour scheme either", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "The colours are the same with and without JavaScript");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(FULL);
    await hydrated(page, jsEnabled);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
