/**
 * The import page (issue 25): an administrator uploads a dev.to export, sees the preview, imports
 * it, reads the report, and the old dev.to address answers 301 to the new article; the same file
 * again is all "already imported"; a JSON of an unknown shape is refused. With and without
 * JavaScript (plain forms); an editor is refused. With JavaScript the upload shows a progress
 * bar. The preview's "overwrite" choice replaces an article (and a Ghost page becomes a site
 * page at its own address); Roll back undoes it all. The choice the select shows is the one the
 * import button applies, Update preview pressed or not, and the server refuses a missing or unknown one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import yazl from "yazl";
import { E2E_ADMIN, expect, expectToast, hydrated, signInAsAdmin, signInRequest, STAFF, test } from "./support";

test("an administrator previews and imports a dev.to export; an editor may not", async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const jsEnabled = info.project.name !== "js-off";
  const run = `${info.project.name}-${Date.now().toString(36)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-import-spec-"));
  const file = path.join(dir, "articles.json");
  fs.writeFileSync(
    file,
    JSON.stringify([
      {
        id: Date.now(),
        title: `Imported From Dev ${run}`,
        description: "An imported article.",
        published: true,
        published_at: "2024-02-14T10:00:00Z",
        slug: `imported-from-dev-${run}-ab12`,
        url: `https://dev.to/someone/imported-from-dev-${run}-ab12`,
        tag_list: ["imported"],
        body_markdown: "Imported **bold** text.",
      },
    ]),
  );
  const unknown = path.join(dir, "unknown.json");
  fs.writeFileSync(unknown, JSON.stringify({ hello: "world" }));
  try {
    await signInAsAdmin(page, jsEnabled);
    await page.getByRole("link", { name: "Import", exact: true }).click();
    await page.waitForURL(/\/admin\/import$/);

    await page.getByLabel(/File to import/).setInputFiles(unknown);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("form-alert").getByText("not a known export")).toBeVisible();

    await page.getByLabel(/File to import/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Preview: 1 to create, 0 already imported" })).toBeVisible();
    await expect(page.getByRole("cell", { name: `Imported From Dev ${run}` })).toBeVisible();
    await page.getByRole("button", { name: "Import 1 article" }).click();
    await expect(page.getByRole("heading", { name: "Imported 1 article" })).toBeVisible();
    const slug = `imported-from-dev-${run.toLowerCase()}`;
    await expect(page.getByRole("link", { name: `Imported From Dev ${run}` })).toHaveAttribute("href", `/post/${slug}`);

    // The old address redirects to the article here.
    const old = await request.get(`/someone/imported-from-dev-${run}-ab12`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/post/${slug}`);

    // The same file again creates nothing.
    await page.getByLabel(/File to import/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Preview: 0 to create, 1 already imported" })).toBeVisible();

    // An editor is refused the page and the import.
    const signedIn = await signInRequest(request, baseURL!, STAFF.editor);
    expect(signedIn.status()).toBe(303);
    expect((await request.get("/admin/import")).status()).toBe(403);
    const refused = await request.post("/admin/import", {
      headers: { Origin: baseURL! },
      multipart: {
        intent: "preview",
        file: { name: "a.json", mimeType: "application/json", buffer: fs.readFileSync(file) },
      },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("with JavaScript the upload shows its progress, then the preview", async ({ page }, info) => {
  test.skip(info.project.name === "js-off", "the progress bar needs JavaScript; without it the form posts plainly");
  const run = `${info.project.name}-${Date.now().toString(36)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-import-progress-"));
  const file = path.join(dir, "site.zip");
  // A zip of a few megabytes (an incompressible attachment beside the article).
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`---\ntitle: Progress ${run}\n---\n\nUploaded with progress.`), `posts/progress-${run}.md`);
  zip.addBuffer(randomBytes(3 * 1024 * 1024), "posts/attachment.bin", { compress: false });
  zip.end();
  await new Promise<void>((resolve) => zip.outputStream.pipe(fs.createWriteStream(file)).on("close", () => resolve()));
  try {
    await signInAsAdmin(page, true);
    await page.goto("/admin/import");
    await hydrated(page, true);
    // A slow uplink (about 1 MB/s), so the upload takes a few seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.getByLabel(/File to import/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
    const bar = page.getByRole("progressbar", { name: "Uploading site.zip" });
    await expect(bar).toBeVisible();
    // It moves while the file travels.
    await expect
      .poll(async () => Number(await bar.getAttribute("value", { timeout: 500 })), { intervals: [100] })
      .toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Preview: 1 to create, 0 already imported" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/admin\/import\?run=\d+$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the preview's overwrite choice replaces an article, imports a page, and Roll back undoes both", async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const jsEnabled = info.project.name !== "js-off";
  const run = `${info.project.name}-${Date.now().toString(36)}`;
  const slug = `victim-${run}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-import-overwrite-"));
  const original = path.join(dir, "original.json");
  fs.writeFileSync(
    original,
    JSON.stringify([
      {
        id: `orig-${run}`,
        title: `Original ${run}`,
        published: true,
        published_at: "2024-03-01T10:00:00Z",
        slug: `${slug}-zz99`,
        tag_list: [],
        body_markdown: "The original body.",
      },
    ]),
  );
  const replacement = path.join(dir, "replacement.json");
  fs.writeFileSync(
    replacement,
    JSON.stringify({
      db: [
        {
          data: {
            posts: [
              {
                id: `ghost-${run}`,
                slug,
                title: `Replacement ${run}`,
                html: "<p>The replacement body.</p>",
                status: "published",
                published_at: "2024-03-02T10:00:00Z",
              },
              {
                id: `page-${run}`,
                slug: `colophon-${run}`,
                title: `Colophon ${run}`,
                html: "<p>How it is made.</p>",
                type: "page",
                status: "published",
              },
            ],
          },
        },
      ],
    }),
  );
  const upload = async (file: string) => {
    await page.getByLabel(/File to import/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
  };
  try {
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/import");
    await hydrated(page, jsEnabled);
    await upload(original);
    await page.getByRole("button", { name: "Import 1 article" }).click();
    await expect(page.getByRole("heading", { name: "Imported 1 article" })).toBeVisible();

    // The same address again: a new one by default; overwrite when chosen in the preview.
    await upload(replacement);
    await expect(page.getByRole("cell", { name: /new address: .* is taken/ })).toBeVisible();
    await page.getByLabel("When an address is taken").selectOption("overwrite");
    await page.getByRole("button", { name: "Update preview" }).click();
    await expect(
      page.getByRole("heading", { name: "Preview: 1 to create, 1 to overwrite, 0 already imported" }),
    ).toBeVisible();
    await expect(page.getByRole("cell", { name: "Overwrite what is here" })).toBeVisible();
    await expect(page.getByRole("cell", { name: `/colophon-${run}` })).toBeVisible();
    await page.getByRole("button", { name: "Import 1 article and 1 page" }).click();
    await expect(page.getByRole("heading", { name: "Imported 0 articles" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Replacement ${run}` })).toHaveAttribute("href", `/post/${slug}`);
    const runUrl = page.url();

    const replaced = await request.get(`/post/${slug}`);
    expect(await replaced.text()).toContain(`Replacement ${run}`);
    const colophon = await request.get(`/colophon-${run}`);
    expect(colophon.status()).toBe(200);
    expect(await colophon.text()).toContain("How it is made.");
    // Ghost's old address of the post (/{slug}/) answers with the article here.
    const old = await request.get(`/${slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/post/${slug}`);

    // Roll back: the article is the original again, the page is gone.
    await page.goto(runUrl);
    await page.getByRole("button", { name: "Roll back" }).click();
    await expectToast(page, jsEnabled, "Import rolled back");
    await expect(page.getByRole("heading", { name: /Import #\d+ was rolled back/ })).toBeVisible();
    const restored = await request.get(`/post/${slug}`);
    const html = await restored.text();
    expect(html).toContain(`Original ${run}`);
    expect(html).not.toContain(`Replacement ${run}`);
    expect((await request.get(`/colophon-${run}`)).status()).toBe(404);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the conflict choice the select shows is the one applied, without pressing Update preview", async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const jsEnabled = info.project.name !== "js-off";
  const run = `${info.project.name}-${Date.now().toString(36)}`;
  const slug = `kept-${run}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-import-choice-"));
  const devto = (name: string, title: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(
      file,
      JSON.stringify([
        {
          id: `${name}-${run}`,
          title,
          published: true,
          published_at: "2024-04-01T10:00:00Z",
          slug: `${slug}-cd34`,
          tag_list: [],
          body_markdown: body,
        },
      ]),
    );
    return file;
  };
  const original = devto("original.json", `Kept ${run}`, "The article that stays.");
  const other = devto("other.json", `Other ${run}`, "Another article at the same address.");
  const upload = async (file: string) => {
    await page.getByLabel(/File to import/).setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
  };
  try {
    await signInAsAdmin(page, jsEnabled);
    await page.goto("/admin/import");
    await hydrated(page, jsEnabled);
    await upload(original);
    await page.getByRole("button", { name: "Import 1 article" }).click();
    await expect(page.getByRole("heading", { name: "Imported 1 article" })).toBeVisible();

    // The preview says "new address" (the default); Skip is chosen and the import pressed at once.
    await upload(other);
    await expect(page.getByRole("cell", { name: /new address: .* is taken/ })).toBeVisible();
    await page.getByLabel("When an address is taken").selectOption("skip");
    await page.getByRole("button", { name: "Import 1 article" }).click();
    await expect(page.getByRole("heading", { name: "Imported 0 articles" })).toBeVisible();
    await expect(page.getByText(/0 overwritten, 0 site pages, 0 already imported, 1 skipped/)).toBeVisible();

    // The article here stays, and nothing was created under another address.
    const kept = await request.get(`/post/${slug}`);
    expect(kept.status()).toBe(200);
    const html = await kept.text();
    expect(html).toContain(`Kept ${run}`);
    expect(html).not.toContain(`Other ${run}`);
    expect((await request.get(`/post/${slug}-2`)).status()).toBe(404);

    // The server checks the choice: none, or one it does not know, is refused and imports nothing.
    await upload(other);
    await expect(page.getByRole("cell", { name: /new address: .* is taken/ })).toBeVisible();
    const runId = new URL(page.url()).searchParams.get("run")!;
    await signInRequest(request, baseURL!, E2E_ADMIN);
    for (const conflict of [undefined, "replace-everything"]) {
      const refused = await request.post("/admin/import", {
        headers: { Origin: baseURL! },
        form: { intent: "apply", run: runId, ...(conflict ? { conflict } : {}) },
        maxRedirects: 0,
      });
      expect(refused.status(), String(conflict)).toBe(400);
      expect(await refused.text()).toContain("Choose what happens when an address is taken");
    }
    expect((await request.get(`/post/${slug}-2`)).status()).toBe(404);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
