/**
 * Writing comfort in the article editor (issue 26, item 7): the formatting toolbar and its
 * shortcuts, the side-by-side live preview on wide screens, the live word count and reading time,
 * and HTML pasted as Markdown, with JavaScript; without it, the plain textarea as before (no
 * toolbar that would do nothing) and the count of the text as saved.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../accounts/support";
import { expect, expectToast, fillArticleForm, hydrated, signInAsAdmin, test, uniqueArticle } from "./support";

const content = (page: Page) => page.getByLabel("Content", { exact: true });

async function select(textarea: Locator, text: string, occurrence: "first" | "last" = "first") {
  await textarea.evaluate(
    (element: HTMLTextAreaElement, [text, occurrence]) => {
      const start = occurrence === "first" ? element.value.indexOf(text) : element.value.lastIndexOf(text);
      element.focus();
      element.setSelectionRange(start, start + text.length);
    },
    [text, occurrence] as const,
  );
}

async function caretAt(textarea: Locator, offset: number) {
  await textarea.evaluate((element: HTMLTextAreaElement, offset) => {
    element.focus();
    element.setSelectionRange(offset, offset);
  }, offset);
}

async function selection(textarea: Locator) {
  return textarea.evaluate((element: HTMLTextAreaElement) =>
    element.value.slice(element.selectionStart, element.selectionEnd),
  );
}

/**
 * Pastes like a browser does: a paste event carrying these clipboard types. Returns whether the
 * page took the paste over (a synthetic event never pastes by itself: false means "left to the
 * browser").
 */
async function paste(textarea: Locator, items: Record<string, string>): Promise<boolean> {
  return textarea.evaluate((element: HTMLTextAreaElement, items) => {
    const data = new DataTransfer();
    for (const [type, value] of Object.entries(items)) data.setData(type, value);
    return !element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, items);
}

test.describe("writing comfort", () => {
  test("the toolbar and the shortcuts format the selection, and Undo takes it back", async ({ page, jsEnabled }) => {
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    if (!jsEnabled) {
      // No buttons that would do nothing; the textarea is the editor.
      await expect(toolbar).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Bold" })).toHaveCount(0);
      return;
    }
    const textarea = content(page);
    await textarea.fill("Hello world\n\nSetup\n\nnpm test\n\nsee the docs");
    for (const name of ["Bold", "Italic", "Heading", "Link", "Inline code", "Code block"]) {
      await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-keyshortcuts", "Control+B");

    await select(textarea, "world");
    await toolbar.getByRole("button", { name: "Bold" }).click();
    await expect(textarea).toHaveValue(/^Hello \*\*world\*\*\n/);
    // The text keeps the focus and the selection, so pressing again takes the bold away.
    await expect(textarea).toBeFocused();
    expect(await selection(textarea)).toBe("world");
    await page.keyboard.press("Control+z");
    await expect(textarea).toHaveValue(/^Hello world\n/);

    await select(textarea, "Hello");
    await page.keyboard.press("Control+i");
    await expect(textarea).toHaveValue(/^\*Hello\* world\n/);

    await select(textarea, "Setup");
    await page.keyboard.press("Control+Shift+H");
    await expect(textarea).toHaveValue(/\n## Setup\n/);
    await toolbar.getByRole("button", { name: "Heading" }).click();
    await expect(textarea).toHaveValue(/\n### Setup\n/);

    await select(textarea, "npm test");
    await page.keyboard.press("Control+e");
    await expect(textarea).toHaveValue(/\n`npm test`\n/);
    await page.keyboard.press("Control+e");
    await page.keyboard.press("Control+Shift+E");
    await expect(textarea).toHaveValue(/\n```\nnpm test\n```\n/);

    // A link: the address is selected, ready to be typed over.
    await select(textarea, "the docs");
    await page.keyboard.press("Control+k");
    expect(await selection(textarea)).toBe("url");
    await page.keyboard.type("https://example.com/docs");
    await expect(textarea).toHaveValue(/see \[the docs\]\(https:\/\/example\.com\/docs\)$/);

    // The toolbar is one tab stop; the arrow keys move inside it, and a button gives the focus back.
    await select(textarea, "Hello");
    await toolbar.getByRole("button", { name: "Bold" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(toolbar.getByRole("button", { name: "Italic" })).toBeFocused();
    await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Enter");
    await expect(textarea).toHaveValue(/^Hello world\n/);
    await expect(textarea).toBeFocused();
  });

  test("the words and reading time follow the text", async ({ page, jsEnabled }) => {
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const stats = page.getByTestId("editor-stats");
    await expect(stats).toHaveText("0 words · 1 min read");
    if (!jsEnabled) return;
    await content(page).fill(`Three short words.\n\n\`\`\`js\n${"code ".repeat(10)}\n\`\`\``);
    await expect(stats).toHaveText("13 words · 1 min read");
    await content(page).fill("word ".repeat(231));
    await expect(stats).toHaveText("231 words · 2 min read");
  });

  test("pasted HTML becomes Markdown; code and addresses paste as they should", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "pasting is a browser's doing");
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const textarea = content(page);
    await textarea.fill("Intro text.");
    await caretAt(textarea, "Intro text.".length);
    expect(
      await paste(textarea, {
        "text/plain": "Install\nRun it.",
        "text/html":
          '<meta charset="utf-8"><h2>Install</h2><p>Run <strong>it</strong> with <a href="https://example.com">this</a>.</p><pre><code class="language-sh">npm i\n</code></pre><script>alert(1)</script>',
      }),
    ).toBe(true);
    await expect(textarea).toHaveValue(
      "Intro text.\n\n## Install\n\nRun **it** with [this](https://example.com).\n\n```sh\nnpm i\n```",
    );

    // Inside a code block, or from a code editor, the browser pastes the plain text.
    await textarea.fill("```ts\n\n```");
    await caretAt(textarea, 6);
    expect(await paste(textarea, { "text/plain": "const a = 1;", "text/html": "<p><b>const</b> a = 1;</p>" })).toBe(
      false,
    );
    await textarea.fill("Text");
    const fromVsCode = { "text/plain": "let b;", "text/html": "<div><span>let</span> b;</div>" };
    expect(await paste(textarea, { ...fromVsCode, "vscode-editor-data": "{}" })).toBe(false);
    await expect(textarea).toHaveValue("Text");

    // An address pasted over selected words links them.
    await textarea.fill("Read the guide first.");
    await select(textarea, "the guide");
    await paste(textarea, { "text/plain": "https://example.com/guide" });
    await expect(textarea).toHaveValue("Read [the guide](https://example.com/guide) first.");
    await page.keyboard.press("Control+z");
    await expect(textarea).toHaveValue("Read the guide first.");
  });

  test("side by side on a wide screen, the preview follows the typing; the choice is remembered", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "the live preview needs JavaScript (without it, the Preview button renders on the server)");
    await page.setViewportSize({ width: 1700, height: 1000 });
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const toggle = page.getByRole("button", { name: "Side by side" });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("tab", { name: "Preview" })).toHaveCount(0);
    await page.getByLabel("Title").fill("Side by side");
    const live = page.getByRole("region", { name: "Live preview" });
    await expect(live).toBeVisible();
    // Rendering changes nothing: the page's data is never loaded again while typing.
    const reloads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data")) reloads.push(request.url());
    });
    await content(page).fill("## Live heading\n\nSome **strong** text.");
    await expect(live.getByRole("heading", { name: "Live heading" })).toBeVisible();
    await expect(live.locator("strong")).toHaveText("strong");
    await expect(live.getByRole("heading", { level: 2, name: "Side by side" })).toBeVisible();
    // Both side by side: the preview to the right of the text.
    const text = await content(page).boundingBox();
    const preview = await live.boundingBox();
    expect(preview!.x).toBeGreaterThan(text!.x + text!.width - 1);
    await expectNoSeriousAxeViolations(page, jsEnabled);
    await content(page).press("End");
    await page.keyboard.type(" More words.");
    await expect(live).toContainText("Some strong text. More words.");
    expect(reloads).toEqual([]);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(live).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Preview" })).toBeVisible();
    await page.reload();
    await hydrated(page, jsEnabled);
    await expect(page.getByRole("button", { name: "Side by side" })).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Side by side" }).click();

    // A narrower window has the tabs only.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole("button", { name: "Side by side" })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Write" })).toBeVisible();
  });

  test("the editor still works as a plain form: write, preview and save", async ({ page, jsEnabled }) => {
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const article = uniqueArticle("writing");
    await fillArticleForm(page, {
      title: article.title,
      slug: article.slug,
      content: "## Plain\n\nWritten **without** help.",
      category: "JavaScript",
    });
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expectToast(page, jsEnabled, "Draft saved");
    await expect(page).toHaveURL(/\/admin\/articles\/edit\/\d+$/);
    await expect(content(page)).toHaveValue("## Plain\n\nWritten **without** help.");
    await expect(page.getByTestId("editor-stats")).toHaveText("4 words · 1 min read");
  });
});
