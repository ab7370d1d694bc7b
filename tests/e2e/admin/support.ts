/**
 * Helpers for the admin panel's browser tests.
 *
 * These tests create, edit and delete articles, which would disturb the reading and search specs
 * running beside them on the shared server (they assert on the demo content). So each worker
 * gets its own production server on a private port and data folder, prepared here: demo
 * content, the E2E administrator (with an author profile), a verified reader without the flag,
 * an administrator without an author profile, a contributor, an author and an editor (STAFF), and
 * 60 synthetic articles (so the dashboard has
 * several pages). `baseURL` points at it, so `page.goto("/admin")` and `request` reach it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { createOrPromoteAdmin } from "../../../app/auth/admins.server";
import { hashPassword } from "../../../app/auth/password.server";
import { closeDatabase, openDatabase, setDatabaseHandle } from "../../../app/db/db.server";
import { authors, users } from "../../../app/db/schema";
import { seedDemoContent, seedSyntheticArticles } from "../../../app/seed/seed.server";
import { E2E_ADMIN } from "../../../playwright.config";
import { test as accountsTest, expect, expectToast, hydrated } from "../accounts/support";
import { type RunningServer, startServer } from "../support/server-process";
import { seedDataDirFromTemplate } from "../support/data-dir-template";

export { E2E_ADMIN, expect, expectToast, hydrated };

export const READER = { email: "reader@devperspective.test", password: "reader-password", name: "Plain Reader" };
/** An administrator whose account has no author profile: saving must be refused. */
export const PROFILELESS_ADMIN = {
  email: "ghost-admin@devperspective.test",
  password: "ghost-admin-password",
  name: "Ghost Admin",
};
/** One account per staff role below Administrator, each with an author profile. */
export const STAFF = {
  contributor: {
    email: "contributor@devperspective.test",
    password: "contributor-password",
    name: "Connie Contributor",
  },
  author: { email: "author@devperspective.test", password: "author-password", name: "Arthur Author" },
  editor: { email: "editor@devperspective.test", password: "editor-password", name: "Eddie Editor" },
} as const;
export const SYNTHETIC_ARTICLES = 60;

/** A port per parallel worker, clear of the shared server, its mock services and the reading specs' servers. */
function adminPort(parallelIndex: number) {
  return Number(process.env.E2E_PORT ?? 4317) + 140 + parallelIndex;
}

async function startAdminServer(port: number, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-admin-e2e-"));
  seedDataDirFromTemplate(dataDir);
  const handle = await openDatabase({ dataDir, migrationsFolder: path.resolve("drizzle") });
  setDatabaseHandle(handle);
  try {
    await handle.migrate();
    await seedDemoContent();
    await createOrPromoteAdmin({
      email: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
      fullName: E2E_ADMIN.name,
    });
    await handle.db.insert(users).values([
      {
        email: READER.email,
        fullName: READER.name,
        passwordHash: await hashPassword(READER.password),
        emailVerifiedAt: new Date(),
      },
      {
        email: PROFILELESS_ADMIN.email,
        fullName: PROFILELESS_ADMIN.name,
        passwordHash: await hashPassword(PROFILELESS_ADMIN.password),
        emailVerifiedAt: new Date(),
        role: "administrator",
      },
    ]);
    for (const [role, account] of Object.entries(STAFF) as [keyof typeof STAFF, (typeof STAFF)[keyof typeof STAFF]][]) {
      const [user] = await handle.db
        .insert(users)
        .values({
          email: account.email,
          fullName: account.name,
          passwordHash: await hashPassword(account.password),
          emailVerifiedAt: new Date(),
          role,
        })
        .returning({ id: users.id });
      await handle.db.insert(authors).values({ name: account.name, userId: user!.id });
    }
    await seedSyntheticArticles(SYNTHETIC_ARTICLES, { seed: 42 });
  } finally {
    await closeDatabase();
  }
  return startServer({ port, env: { ...env, DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` } });
}

export const test = accountsTest.extend<object, { adminServer: RunningServer; adminServerEnv: Record<string, string> }>(
  {
    /**
     * More environment for the worker's server: a spec that reads the mail it causes sets
     * `test.use({ adminServerEnv: appEnvFor(services) })` (the shared SMTP sink); without it the
     * server writes mail to its data folder.
     */
    adminServerEnv: [{}, { option: true, scope: "worker" }],
    adminServer: [
      async ({ adminServerEnv }, use, workerInfo) => {
        const server = await startAdminServer(adminPort(workerInfo.parallelIndex), adminServerEnv);
        await use(server);
        server.process.kill("SIGTERM");
        await server.exited;
        fs.rmSync(server.dataDir, { recursive: true, force: true });
      },
      { scope: "worker", timeout: 120_000 },
    ],
    baseURL: async ({ adminServer }, use) => {
      await use(adminServer.url);
    },
  },
);

/** Signs in through the admin login form (the journey test drives it; this is its quick form). */
export async function signInAsAdmin(
  page: Page,
  jsEnabled: boolean,
  account: { email: string; password: string } = E2E_ADMIN,
) {
  await page.goto("/admin/login");
  await hydrated(page, jsEnabled);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}

/** Signs an API client in through the admin login action (cookies stay in its jar). */
export async function signInRequest(
  request: APIRequestContext,
  origin: string,
  account: { email: string; password: string },
  path = "/admin/login",
) {
  const response = await request.post(path, {
    form: { email: account.email, password: account.password },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  return response;
}

let counter = 0;
/** A title and slug no other test uses. */
export function uniqueArticle(label: string) {
  const token = `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    title: `Admin ${label} ${token.split("-").slice(1).join(" ")}`,
    slug: `admin-${token}`.toLowerCase(),
    token,
  };
}

/** Fills the article form's fields (those given). */
export async function fillArticleForm(
  page: Page,
  values: {
    title?: string;
    slug?: string;
    content?: string;
    excerpt?: string;
    imageUrl?: string;
    canonicalUrl?: string;
    category?: string;
    featured?: boolean;
  },
) {
  if (values.title !== undefined) await page.getByLabel("Title").fill(values.title);
  if (values.slug !== undefined) await page.getByLabel("Slug").fill(values.slug);
  if (values.content !== undefined) await page.getByLabel("Content").fill(values.content);
  if (values.excerpt !== undefined) await page.getByLabel("Excerpt").fill(values.excerpt);
  if (values.imageUrl !== undefined) await page.getByLabel("Image URL").fill(values.imageUrl);
  if (values.canonicalUrl !== undefined) await page.getByLabel("Canonical URL").fill(values.canonicalUrl);
  if (values.category !== undefined) await page.getByLabel("Category").selectOption({ label: values.category });
  if (values.featured !== undefined) await page.getByLabel("Featured").setChecked(values.featured);
}

/** The dashboard row of an article, found by searching its title. */
export async function dashboardRow(page: Page, title: string) {
  await page.goto(`/admin/dashboard?q=${encodeURIComponent(title)}`);
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
}

/** The article's id, read from its Edit link on the dashboard. */
export async function articleIdByTitle(page: Page, title: string): Promise<number> {
  const row = await dashboardRow(page, title);
  const href = await row.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  const id = Number(href?.split("/").pop());
  expect(id).toBeGreaterThan(0);
  return id;
}

export async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const field = typeof label === "string" ? page.getByLabel(label, { exact: true }) : page.getByLabel(label);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    describedBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  expect(texts.join(" ")).toContain(message);
}

/** Closes the toasts on screen: sonner's with JavaScript, the server-rendered banner without. */
export async function dismissToasts(page: Page) {
  const close = page.getByRole("button", { name: "Close notification" });
  while ((await close.count()) > 0) {
    await close.first().click();
    await page.waitForTimeout(350);
  }
  const banner = page.getByRole("checkbox", { name: "Dismiss notification" });
  if ((await banner.count()) > 0) {
    await banner.focus();
    await page.keyboard.press("Space");
    await expect(banner).toBeChecked();
  }
}
