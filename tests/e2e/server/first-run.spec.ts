/**
 * First run in the browser (issue 17): a server on an empty data folder prints a one-time setup
 * link; a wrong token is refused; the link's page creates the first administrator (with
 * JavaScript, the form validates first) and then stops working; `npm run admin` works while the
 * server holds the embedded database, through the server, never opening the folder twice.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromium, expect, test } from "@playwright/test";
import { startServer } from "../support/server-process";

test("the setup link creates the first administrator once; npm run admin works beside the server", async () => {
  test.setTimeout(180_000);
  const server = await startServer({});
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  try {
    const link = /open (http\S+\/setup\/[A-Za-z0-9_-]+) to create one/.exec(server.output())?.[1];
    expect(link, server.output()).toBeTruthy();
    const path = new URL(link!).pathname;

    // Without the right token, nobody claims the site.
    expect((await fetch(`${server.url}/setup/not-the-token`)).status).toBe(404);
    const forged = await fetch(`${server.url}/setup/not-the-token`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Mallory", email: "mallory@example.com", password: "secret-123" }),
      redirect: "manual",
    });
    expect(forged.status).toBe(404);

    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await page.goto(path);
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    // With JavaScript the form kit holds the button until every field is filled, and checks
    // each field as it is left.
    const create = page.getByRole("button", { name: "Create administrator" });
    await expect(create).toHaveAttribute("aria-disabled", "true");
    await page.getByLabel("Full name").fill("First Admin");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").focus();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email").fill("first-admin@example.com");
    await page.getByLabel("Password").fill("first-admin-password");
    await create.click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Signed in as")).toContainText("First Admin");

    // The link works once.
    expect((await fetch(link!)).status).toBe(410);

    // The CLI beside the running server: handed to the server through the data folder's lock.
    const cli = spawnSync(
      process.execPath,
      [
        "node_modules/tsx/dist/cli.mjs",
        "scripts/admin.ts",
        "create",
        "--email",
        "second-admin@example.com",
        "--password",
        "second-admin-password",
        "--name",
        "Second Admin",
      ],
      { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: "utf8", timeout: 60_000 },
    );
    expect(cli.status, `${cli.stdout}\n${cli.stderr}`).toBe(0);
    const signIn = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "second-admin@example.com", password: "second-admin-password" }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(303);
    expect(server.errors()).not.toMatch(/Error:/);
  } finally {
    await browser.close();
    server.process.kill("SIGTERM");
    await server.exited;
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});
