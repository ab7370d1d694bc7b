import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import { appOrigin, expect, expectToast, hydrated, test, uniqueIp, waitForMail } from "../accounts/support";

async function signInAdmin(page: Page) {
  const response = await page.request.post("/admin/login", {
    headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

const unique = (label: string) => `${label} ${randomBytes(4).toString("hex")}`;

test.describe("contact, Write for Us and the inbox", () => {
  test("a contact message is stored; the admin inbox shows it, opening marks it read, archive moves it", async ({
    page,
    jsEnabled,
  }) => {
    const subject = unique("Question about closures");
    await page.goto("/about");
    await page.getByRole("main").getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await hydrated(page, jsEnabled);
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("Why does my loop print 3, 3, 3?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expectToast(page, jsEnabled, "Message sent");

    await signInAdmin(page);
    await page.goto("/admin/inbox?status=unread");
    await hydrated(page, jsEnabled);
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByTestId("message-body")).toHaveText("Why does my loop print 3, 3, 3?");
    await expect(page.getByTestId("message-status")).toHaveText("Read");
    await page.getByRole("button", { name: "Archive" }).click();
    await expectToast(page, jsEnabled, "Message archived");
    await expect(page.getByRole("link", { name: subject })).toHaveCount(0);
    await page.getByRole("link", { name: /^Archived/ }).click();
    await expect(page.getByRole("link", { name: subject })).toBeVisible();
  });

  test("a pitch keeps its fields; a filled honeypot is refused and stored nowhere", async ({
    page,
    jsEnabled,
    request,
  }) => {
    const title = unique("Git internals");
    const pitcher = `linus-${randomBytes(4).toString("hex")}@example.com`;
    await page.goto("/write-for-us");
    await hydrated(page, jsEnabled);
    await page.getByLabel("Name").fill("Linus");
    await page.getByLabel("Email").fill(pitcher);
    await page.getByLabel("Proposed title").fill(title);
    await page.getByLabel("Summary").fill("Objects, refs and packfiles.");
    await page.getByLabel("Links to earlier writing").fill("not a link");
    await page.getByRole("button", { name: "Send pitch" }).click();
    await expect(page.getByLabel("Links to earlier writing")).toHaveAccessibleDescription(
      /Each line must be one web address/,
    );
    // What was typed is kept.
    await expect(page.getByLabel("Proposed title")).toHaveValue(title);
    await page.getByLabel("Links to earlier writing").fill("https://example.com/git");
    await page.getByRole("button", { name: "Send pitch" }).click();
    await expectToast(page, jsEnabled, "Pitch sent");

    const spam = unique("Cheap pills");
    const refused = await request.post("/contact", {
      headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
      form: { name: "Bot", email: "bot@example.com", subject: spam, body: "Buy now", website: "http://spam.example" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);

    await signInAdmin(page);
    await page.goto("/admin/inbox");
    await page.getByRole("link", { name: `Pitch: ${title}` }).click();
    await expect(page.getByRole("link", { name: "https://example.com/git" })).toBeVisible();
    // The pitch becomes an invitation as contributor, mailed to its sender.
    await page.getByRole("button", { name: "Invite as contributor" }).click();
    await expectToast(page, jsEnabled, "Invitation sent");
    const invitation = await waitForMail(request, pitcher, /^You are invited/);
    expect(invitation.text).toMatch(/as contributor/);
    expect(invitation.links.some((href) => /\/invite\/[A-Za-z0-9_-]+$/.test(href))).toBe(true);
    await page.goto("/admin/inbox");
    await expect(page.getByRole("link", { name: spam })).toHaveCount(0);
  });
});
