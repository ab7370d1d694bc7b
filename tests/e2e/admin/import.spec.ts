/**
 * The import page (issue 25): an administrator uploads a dev.to export, sees the preview, imports
 * it, reads the report, and the old dev.to address answers 301 to the new article; the same file
 * again is all "already imported"; a JSON of an unknown shape is refused. With and without
 * JavaScript (plain forms); an editor is refused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, signInAsAdmin, signInRequest, STAFF, test } from "./support";

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
    await expect(page.getByText("not a known export")).toBeVisible();

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
