/**
 * The export page (issue 25): an administrator downloads the whole publication as one zip with a
 * plain form (the same with and without JavaScript); the sidebar shows it to administrators only,
 * and an editor is refused the page and the download.
 */
import fs from "node:fs";
import { expect, signInAsAdmin, signInRequest, STAFF, test } from "./support";

test("an administrator downloads the export; an editor may not", async ({ page, request, baseURL }, info) => {
  test.setTimeout(90_000);
  const jsEnabled = info.project.name !== "js-off";
  await signInAsAdmin(page, jsEnabled);
  await page.getByRole("link", { name: "Export" }).click();
  await page.waitForURL(/\/admin\/export$/);
  await expect(page.getByRole("heading", { name: "Export", level: 1 })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download export" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^devperspective-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  const text = bytes.toString("latin1");
  expect(text).toContain("manifest.json");
  expect(text).toContain("articles/");
  // The page is still there after the download.
  await expect(page).toHaveURL(/\/admin\/export$/);
  // The download is in the audit log.
  await page.goto("/admin/audit");
  await expect(page.getByText(/Exported the publication: \d+ articles/).first()).toBeVisible();

  // An editor: no sidebar entry, 403 for the page and the download.
  const signedIn = await signInRequest(request, baseURL!, STAFF.editor);
  expect(signedIn.status()).toBe(303);
  expect((await request.get("/admin/export")).status()).toBe(403);
  const refused = await request.post("/admin/export/download", { headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
});
