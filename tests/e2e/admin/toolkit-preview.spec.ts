/**
 * The editor's preview renders the writer's toolkit (issue 26) through the same pipeline as a
 * save, with its styles (KaTeX's stylesheet on the editor), with JavaScript (the Preview tab)
 * and without (the form's Preview button).
 */
import { expect, test } from "../support/fixtures";
import { fillArticleForm, signInAsAdmin } from "./support";

const CONTENT = [
  "## Install",
  "",
  "> [!WARNING]",
  "> Back up first.",
  "",
  '```diff-ts title="app.ts" showLineNumbers',
  "-const a = 1;",
  "+const a = 2;",
  "```",
  "",
  "```console",
  "$ npm test",
  "ok",
  "```",
  "",
  "Area: $\\pi r^2$.",
].join("\n");

test("the editor's preview shows code blocks, callouts, math and heading links", async ({ page, jsEnabled }) => {
  await signInAsAdmin(page, jsEnabled);
  await page.goto("/admin/articles/new");
  await expect(page.locator('head link[rel="stylesheet"][href*="katex"]')).toHaveCount(1);
  await fillArticleForm(page, {
    title: "Toolkit preview",
    slug: "toolkit-preview",
    content: CONTENT,
    excerpt: "A preview.",
    category: "JavaScript",
  });
  let preview: ReturnType<typeof page.getByRole>;
  if (jsEnabled) {
    await page.getByRole("tab", { name: "Preview" }).click();
    preview = page.getByRole("tabpanel", { name: "Preview" });
  } else {
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    preview = page.getByRole("region", { name: "Preview" });
  }
  const body = preview.locator(".prose-article");
  await expect(body.getByRole("note")).toContainText("Warning");
  await expect(body.locator("figure.code-block figcaption")).toContainText(["app.tsTypeScript diff", "Terminal"]);
  await expect(body.locator(".line.diff.remove")).toContainText("Removed: const a = 1;");
  await expect(body.locator(".code-prompt")).toHaveText("$ ");
  await expect(body.locator(".katex math")).toBeAttached();
  await expect(body.getByRole("link", { name: "Link to this section: Install" })).toHaveAttribute("href", "#install");
  // Styled: the MathML copy is visually hidden by KaTeX's stylesheet, the diff has its gutter.
  expect(await body.locator(".katex-mathml").evaluate((element) => getComputedStyle(element).position)).toBe(
    "absolute",
  );
  expect(
    await body.locator(".line.diff.add .code-mark").evaluate((mark) => getComputedStyle(mark, "::before").content),
  ).toContain("+");
});
