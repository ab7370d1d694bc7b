/**
 * The Integrations screen (issue 42), with and without JavaScript: an administrator creates an
 * integration and sees its keys once, the keys work on the running server's APIs (Ghost's Admin
 * API client publishes, the Content API reads it back at the paths the SDKs call, slash and all),
 * regenerating stops the old keys, deleting revokes; an editor is refused the screen.
 */
import GhostAdminAPI from "@tryghost/admin-api";
import { expect, expectToast, signInAsAdmin, signInRequest, STAFF, test } from "./support";

test("an administrator makes an integration whose keys publish and read through the APIs", async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const jsEnabled = info.project.name !== "js-off";
  const name = `Publisher ${info.project.name} ${Date.now()}`;
  await signInAsAdmin(page, jsEnabled);
  await page.getByRole("link", { name: "Integrations" }).click();
  await page.waitForURL(/\/admin\/integrations$/);
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();

  // A name is required (the server says so without JavaScript, the browser check with it).
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Role").selectOption("author");
  await page.getByRole("button", { name: "Create Integration" }).click();
  const panel = page.getByRole("status").filter({ hasText: `Keys of ${name}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("it is shown only once")).toBeVisible();
  const keys = panel.locator("dd");
  const contentKey = (await keys.nth(0).innerText()).trim();
  const adminKey = (await keys.nth(1).innerText()).trim();
  expect(contentKey).toMatch(/^[0-9a-f]{26}$/);
  expect(adminKey).toMatch(/^[0-9a-f]{24}:[0-9a-f]{64}$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Author");
  await expect(row).toContainText(adminKey.split(":")[0]!);
  await expect(page.getByText(adminKey.split(":")[1]!)).toHaveCount(1);

  // The keys on the running server: publish with Ghost's Admin API client, read it back.
  const api = new GhostAdminAPI({ url: baseURL!, key: adminKey, version: "v5.0" });
  const title = `From the API ${info.project.name} ${Date.now()}`;
  const post = (await api.posts.add({ title, markdown: "Published by **CI**.", status: "published" })) as {
    slug: string;
  };
  const read = await request.get(`/ghost/api/content/posts/slug/${post.slug}/?key=${contentKey}&formats=html`);
  expect(read.status()).toBe(200);
  expect((await read.json()).posts[0].html).toContain("<strong>CI</strong>");
  const preflight = await request.fetch(`/ghost/api/content/posts/?key=${contentKey}`, { method: "OPTIONS" });
  expect(preflight.status()).toBe(204);
  await page.goto(`/post/${post.slug}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await page.goto("/admin/audit");
  await expect(page.getByText(`Integration: ${name}`).first()).toBeVisible();

  // Regenerate: new keys shown once, the old ones refused at once.
  await page.goto("/admin/integrations");
  await page.getByRole("button", { name: `Regenerate the keys of ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Keys of ${name}` })).toBeVisible();
  expect((await request.get(`/ghost/api/content/settings/?key=${contentKey}`)).status()).toBe(401);

  // Delete: gone from the list.
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expectToast(page, jsEnabled, "Integration deleted");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  // An editor has no such screen.
  const signedIn = await signInRequest(request, baseURL!, STAFF.editor);
  expect(signedIn.status()).toBe(303);
  expect((await request.get("/admin/integrations")).status()).toBe(403);
  const refused = await request.post("/admin/integrations", {
    headers: { Origin: baseURL! },
    form: { intent: "create", name: "Sneaky", role: "administrator" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
});
