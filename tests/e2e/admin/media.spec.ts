/**
 * Images in the admin panel, with JavaScript on and off: uploads from the editor (file input;
 * paste and drop with JavaScript), alt text required before saving, the cover from uploads, the
 * media library (upload, search, delete, refusal while in use), and what a phone downloads.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectFieldError,
  expectToast,
  fillArticleForm,
  hydrated,
  READER,
  signInAsAdmin,
  signInRequest,
  test,
  uniqueArticle,
} from "./support";

/** A PNG no other test uploads (its colour is random, so it is never deduplicated into another's). */
function uniquePng(width = 1400, height = 900) {
  const channel = () => Math.floor(Math.random() * 256);
  return sharp({ create: { width, height, channels: 3, background: { r: channel(), g: channel(), b: channel() } } })
    .png()
    .toBuffer();
}

const MEDIA_MARKDOWN = /!\[\]\(\/media\/[0-9a-f]{64}\.png\)/;

async function contentValue(page: Page) {
  return page.getByLabel("Content", { exact: true }).inputValue();
}

/** Uploads through the JSON endpoint with the page's session; returns the stored upload. */
async function uploadThroughApi(page: Page, name: string) {
  const response = await page.request.post("/admin/media/upload", {
    headers: { Accept: "application/json", Origin: new URL(page.url()).origin },
    multipart: { file: { name, mimeType: "image/png", buffer: await uniquePng(800, 400) } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { upload: { url: string; originalName: string } }).upload;
}

test.describe("images in the editor", () => {
  test("an image chosen with the file input is uploaded, inserted, and needs alt text before saving", async ({
    page,
    jsEnabled,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page, jsEnabled);
    const article = uniqueArticle("image");
    const fileName = `settings-${article.token}.png`;
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, { title: article.title, slug: article.slug, content: "An intro paragraph." });
    await page.getByLabel("Insert an image").setInputFiles({
      name: fileName,
      mimeType: "image/png",
      buffer: await uniquePng(),
    });
    if (!jsEnabled) {
      // The file travels with the form; the form comes back with everything typed.
      await page.getByRole("button", { name: "Upload image" }).click();
      await expect(page.getByTestId("form-alert")).toContainText("Image uploaded");
      await expect(page.getByLabel("Title")).toHaveValue(article.title);
      await expect(page.getByLabel("Slug")).toHaveValue(article.slug);
    }
    await expect
      .poll(() => contentValue(page))
      .toMatch(new RegExp(`^An intro paragraph\\.\\n\\n${MEDIA_MARKDOWN.source}`));

    // No alt text: the save is refused with a field error naming the image.
    await page.getByRole("button", { name: "Create Article" }).click();
    await expectFieldError(page, "Content", `Add alt text to every image`);
    await expectFieldError(page, "Content", fileName);

    const content = (await contentValue(page)).replace("![](", "![The settings page](");
    await page.getByLabel("Content", { exact: true }).fill(content);
    await page.getByRole("button", { name: "Create Article" }).click();
    await expectToast(page, jsEnabled, "Article created successfully");

    // The article: a <picture> with AVIF and WebP at several widths, sized, the first image eager.
    await page.goto(`/post/${article.slug}`);
    const image = page.getByRole("img", { name: "The settings page" });
    await expect(image).toHaveAttribute("width", "1400");
    await expect(image).toHaveAttribute("height", "900");
    await expect(image).toHaveAttribute("srcset", /-480\.webp 480w, .*-960\.webp 960w, .*-1400\.webp 1400w$/);
    await expect(image).toHaveAttribute("sizes", "(min-width: 48rem) 48rem, 100vw");
    await expect(image).not.toHaveAttribute("loading", "lazy");
    await expect(page.locator('picture source[type="image/avif"]')).toHaveAttribute("srcset", /-480\.avif 480w/);

    if (jsEnabled) {
      // A reader on a phone-sized screen downloads a resized variant, never the 1400 px original.
      // (Not `isMobile`: Chromium's mobile emulation lets the preload scanner pick from srcset at
      // the 980 px default layout width before the meta viewport applies, measured here as one
      // extra 1400 px fetch that a real phone's browser does not make.)
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        baseURL: new URL(page.url()).origin,
      });
      const reader = await phone.newPage();
      const images: string[] = [];
      reader.on("response", (response) => {
        if (new URL(response.url()).pathname.startsWith("/media/")) images.push(new URL(response.url()).pathname);
      });
      await reader.goto(`/post/${article.slug}`);
      await expect(reader.getByRole("img", { name: "The settings page" })).toBeVisible();
      await expect.poll(() => images.length).toBeGreaterThan(0);
      // 390 CSS px at 2× needs 780 px: the 960 px AVIF.
      expect(images).toEqual([expect.stringMatching(/^\/media\/[0-9a-f]{64}-960\.avif$/)]);
      const shown = await reader
        .getByRole("img", { name: "The settings page" })
        .evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(shown).toMatch(/-960\.avif$/);
      await phone.close();
    }
  });

  test("paste and drop upload with a progress bar and insert at the cursor", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "paste and drop need JavaScript");
    test.setTimeout(90_000);
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const textarea = page.getByLabel("Content", { exact: true });
    await textarea.fill("Before\n\nAfter");
    // Slow the upload down enough to see its progress.
    await page.route("**/admin/media/upload", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    const pasted = (await uniquePng(600, 300)).toString("base64");
    await textarea.evaluate((element: HTMLTextAreaElement, base64) => {
      element.focus();
      element.setSelectionRange(6, 6); // after "Before"
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "image.png", { type: "image/png" }));
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    await expect(page.getByRole("progressbar", { name: "Uploading image.png" })).toBeVisible();
    await expect
      .poll(() => contentValue(page))
      .toMatch(new RegExp(`^Before\\n\\n${MEDIA_MARKDOWN.source}\\n\\nAfter$`));
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    // The cursor waits between the brackets, for the alt text.
    const caret = await textarea.evaluate((element: HTMLTextAreaElement) => element.selectionStart);
    expect(caret).toBe("Before\n\n![".length);
    await page.keyboard.type("A pasted screenshot");
    await expect.poll(() => contentValue(page)).toMatch(/^Before\n\n!\[A pasted screenshot\]\(\/media\//);

    // Drop a file at the end.
    const dropped = (await uniquePng(500, 250)).toString("base64");
    await textarea.evaluate((element: HTMLTextAreaElement, base64) => {
      element.setSelectionRange(element.value.length, element.value.length);
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
      element.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
      element.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }, dropped);
    await expect.poll(() => contentValue(page)).toMatch(new RegExp(`\\nAfter\\n\\n${MEDIA_MARKDOWN.source}$`));

    // A file that is not an image is refused with the server's sentence.
    await textarea.evaluate((element: HTMLTextAreaElement) => {
      const data = new DataTransfer();
      data.items.add(new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "logo.png", { type: "image/png" }));
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByRole("alert").filter({ hasText: "logo.png" })).toContainText("SVG images are not accepted");
  });

  test("the cover is chosen from uploads or uploaded in place", async ({ page, jsEnabled }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, jsEnabled);
    const article = uniqueArticle("cover");
    const existing = await uploadThroughApi(page, `cover-${article.token}.png`);
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, { title: article.title, slug: article.slug, content: "Text only." });

    // Uploaded in place.
    await page.getByLabel("Or upload a cover").setInputFiles({
      name: `fresh-${article.token}.png`,
      mimeType: "image/png",
      buffer: await uniquePng(900, 500),
    });
    if (!jsEnabled) await page.getByRole("button", { name: "Upload cover" }).click();
    await expect(page.getByLabel("Image URL")).toHaveValue(/^\/media\/[0-9a-f]{64}\.png$/);
    await expect(page.getByLabel("Title")).toHaveValue(article.title);

    // Chosen from the uploads (without JavaScript the choice is applied when the form is sent).
    await page.getByLabel("Choose from uploads").selectOption({ label: `${existing.originalName} (800 × 400)` });
    if (jsEnabled) await expect(page.getByLabel("Image URL")).toHaveValue(existing.url);
    await page.getByRole("button", { name: "Create Article" }).click();
    await expectToast(page, jsEnabled, "Article created successfully");
    await page.goto(`/post/${article.slug}`);
    await expect(page.locator(`img[src="${existing.url}"]`).first()).toBeAttached();
  });
});

test.describe("the media library", () => {
  test("uploads, finds by name, deletes unused images and refuses to delete one in use", async ({
    page,
    jsEnabled,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, jsEnabled);
    const token = uniqueArticle("library").token;
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Media" }).click();
    await expect(page).toHaveURL(/\/admin\/media$/);
    await expect(page.getByRole("heading", { name: "Media Library", level: 1 })).toBeVisible();
    await hydrated(page, jsEnabled);

    // Upload with the library's form.
    await page.getByLabel("Image file").setInputFiles({
      name: `unused-${token}.png`,
      mimeType: "image/png",
      buffer: await uniquePng(640, 480),
    });
    await page.getByLabel(/Alt text/).fill("A test card");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectToast(page, jsEnabled, "Image uploaded", `unused-${token}.png`);

    // One in use by an article.
    const used = await uploadThroughApi(page, `used-${token}.png`);
    const article = uniqueArticle("uses-image");
    const created = await page.request.post("/admin/articles/new", {
      headers: { Origin: new URL(page.url()).origin },
      form: { title: article.title, slug: article.slug, content: `![A diagram](${used.url})` },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(303);

    // Search by name.
    await page.getByLabel("Search by file name").fill(token);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${token}`));
    const items = page.getByTestId("media-item");
    await expect(items).toHaveCount(2);
    const unused = items.filter({ hasText: `unused-${token}.png` });
    await expect(unused).toContainText("640 × 480");
    await expect(unused).toContainText("Not used");
    await expect(unused.getByRole("img", { name: "A test card" })).toBeVisible();
    const inUse = items.filter({ hasText: `used-${token}.png` });
    await expect(inUse.getByRole("link", { name: article.title })).toBeVisible();

    // Deleting the one in use is refused, naming the article.
    await inUse.getByRole("button", { name: `Delete used-${token}.png` }).click();
    await expectToast(page, jsEnabled, "Image in use", article.title);
    await expect(items).toHaveCount(2);

    // The unused one goes, with its file.
    const url = await unused.locator("p.font-mono").textContent();
    await unused.getByRole("button", { name: `Delete unused-${token}.png` }).click();
    await expectToast(page, jsEnabled, "Image deleted", `unused-${token}.png`);
    await expect(items).toHaveCount(1);
    expect((await page.request.get(url!)).status()).toBe(404);
  });

  test("a signed-in reader cannot upload", async ({ request, jsEnabled, baseURL }) => {
    test.skip(!jsEnabled, "an HTTP check: once is enough");
    await signInRequest(request, baseURL!, READER, "/login");
    const response = await request.post("/admin/media/upload", {
      headers: { Accept: "application/json", Origin: baseURL! },
      multipart: { file: { name: "x.png", mimeType: "image/png", buffer: await uniquePng(10, 10) } },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: "You do not have administrative privileges." });
  });
});
