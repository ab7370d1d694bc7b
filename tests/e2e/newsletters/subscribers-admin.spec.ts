/**
 * The newsletter's admin side (issue 24.2 and 24.5), with JavaScript on and off, on the admin
 * specs' own server (one per worker) whose mail goes to the shared SMTP sink:
 *
 * - /admin/subscribers: a CSV import with "they consented" (confirmed at once) moves the counts by
 *   topic, the totals and this week's bar of the chart (an SVG with its numbers as a table);
 *   search finds the imported addresses; Export CSV downloads them; an import without the box
 *   leaves them waiting and mails each a confirmation; a file that is not CSV, or has no email
 *   column, is refused with a clear message and imports nothing.
 * - The article editor's newsletter box: "Send me a test" mails the newsletter of what the form
 *   holds to the editor (and keeps what was typed); "Do not email this article" publishes without
 *   mailing subscribers, while an article without it is mailed and the box then shows its counts.
 *
 * - An author (without "subscribers.manage") is refused the page, the CSV export and a replayed
 *   import with 403, and the import writes nothing; signed out, the export asks to sign in (401).
 *
 * axe finds no serious violation on either page.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { appEnvFor } from "../support/mock-config";
import { expectNoSeriousAxeViolations } from "../support/page-checks";
import { mailsTo, type SinkMail, services, uniqueEmail, waitForMail } from "../accounts/support";
import {
  articleIdByTitle,
  E2E_ADMIN,
  expect,
  fillArticleForm,
  hydrated,
  signInAsAdmin,
  signInRequest,
  STAFF,
  test,
  uniqueArticle,
} from "../admin/support";

test.use({ adminServerEnv: appEnvFor(services) });

const IMPORT_MESSAGES = {
  notCsv: "This file is not a CSV file. Export your list as CSV (comma-separated values) and try again.",
  noEmail: 'The file has no "email" column. Its first line must name the columns, one of them "email".',
};

function csvFile(name: string, text: string | Buffer) {
  return { name, mimeType: "text/csv", buffer: Buffer.isBuffer(text) ? text : Buffer.from(text) };
}

/** Uploads `file` through the page's import form (the "they consented" box as given). */
async function importFile(page: Page, file: ReturnType<typeof csvFile>, consented: boolean) {
  const form = page.getByRole("region", { name: "Import from CSV" });
  await form.getByLabel("CSV file").setInputFiles(file);
  await form.getByRole("checkbox", { name: /They consented/ }).setChecked(consented);
  await form.getByRole("button", { name: "Import" }).click();
}

/** The confirmed subscribers of one topic as the "By topic" table says (0 when it is not listed). */
async function topicCount(page: Page, topic: string) {
  const table = page.getByRole("table", { name: "Subscribers by topic" });
  if ((await table.count()) === 0) return 0;
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: topic, exact: true }) });
  if ((await row.count()) === 0) return 0;
  return Number(await row.getByRole("cell").last().textContent());
}

/** This week's new and lost subscribers, from the table that carries the chart's numbers. */
async function thisWeek(page: Page) {
  const rows = page.getByRole("table", { name: "New and lost subscribers per week" }).getByRole("row");
  await expect(rows).toHaveCount(13);
  const cells = rows.last().getByRole("cell");
  return { gained: Number(await cells.nth(0).textContent()), lost: Number(await cells.nth(1).textContent()) };
}

async function totalSubscribers(page: Page) {
  const heading = await page.getByRole("heading", { name: /^All subscribers \(\d+\)$/ }).textContent();
  return Number(/\((\d+)\)/.exec(heading ?? "")?.[1]);
}

async function figure(page: Page, label: string) {
  const totals = page.getByRole("region", { name: "Totals" });
  return Number(await totals.getByText(label, { exact: true }).locator("xpath=following-sibling::dd").textContent());
}

async function openSubscribers(page: Page, jsEnabled: boolean) {
  await page.goto("/admin/subscribers");
  await hydrated(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
}

test.describe("newsletter administration", () => {
  test.describe.configure({ timeout: 90_000 });

  test("subscribers: a consented import moves counts and chart; search, export; without consent they confirm first", async ({
    page,
    jsEnabled,
  }) => {
    const run = `${jsEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
    const [css, both, everything] = ["css", "both", "all"].map((label) => uniqueEmail(`imp-${run}-${label}`)) as [
      string,
      string,
      string,
    ];
    await signInAsAdmin(page, jsEnabled);
    await openSubscribers(page, jsEnabled);
    // The chart is an image named by its title and its summary; its numbers are a table.
    const chart = page.getByRole("img", { name: /^New and lost subscribers per week/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleName(
      /^New and lost subscribers per week Over the last 12 weeks: \d+ new and \d+ lost subscribers\./,
    );
    const before = {
      css: await topicCount(page, "CSS"),
      react: await topicCount(page, "React"),
      everything: await topicCount(page, "Everything"),
      week: await thisWeek(page),
      total: await totalSubscribers(page),
      subscribed: await figure(page, "Subscribed"),
      weekly: await figure(page, "Weekly digest"),
    };

    await importFile(
      page,
      csvFile(
        "list.csv",
        `email,categories,frequency\n${css},css,each\n${both},"css; react",weekly\n${everything},,\nnot an address,css,\n`,
      ),
      true,
    );
    const alert = page.getByTestId("form-alert");
    await expect(alert).toContainText("Import done");
    await expect(alert).toContainText("3 addresses imported; 1 line(s) skipped (not an address, or repeated).");
    expect(await topicCount(page, "CSS")).toBe(before.css + 2);
    expect(await topicCount(page, "React")).toBe(before.react + 1);
    expect(await topicCount(page, "Everything")).toBe(before.everything + 1);
    expect(await thisWeek(page)).toEqual({ gained: before.week.gained + 3, lost: before.week.lost });
    expect(await totalSubscribers(page)).toBe(before.total + 3);
    expect(await figure(page, "Subscribed")).toBe(before.subscribed + 3);
    expect(await figure(page, "Weekly digest")).toBe(before.weekly + 1);
    await expectNoSeriousAxeViolations(page, jsEnabled);

    // Search by a part of the address, any letter case.
    const search = page.getByRole("search", { name: "Subscribers" });
    await search.getByLabel("Search subscribers by address").fill(`IMP-${run}`);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=IMP-${run}`));
    await expect(page.getByRole("status").filter({ hasText: "subscribers match" })).toContainText(
      `3 subscribers match “IMP-${run}”.`,
    );
    const list = page.getByRole("table", { name: "Subscribers", exact: true });
    await expect(list.getByRole("rowheader")).toHaveCount(3);
    const bothRow = list.getByRole("row").filter({ has: page.getByRole("rowheader", { name: both }) });
    await expect(bothRow).toContainText("Subscribed");
    await expect(bothRow).toContainText("Weekly digest");
    await expect(bothRow).toContainText("CSS, React");
    await expect(
      list.getByRole("row").filter({ has: page.getByRole("rowheader", { name: everything }) }),
    ).toContainText("Everything");

    // Export: a CSV download with every subscriber, their topics and how they consented.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = fs.readFileSync(await download.path(), "utf8").split("\n");
    expect(exported[0]).toBe(
      "email,status,frequency,topics,consent,consented_at,created_at,confirmed_at,unsubscribed_at",
    );
    expect(exported.find((line) => line.startsWith(`${css},`))).toMatch(
      new RegExp(`^${css.replace(/[.+]/g, "\\$&")},confirmed,each,category:css,import,\\d{4}-`),
    );
    expect(exported.find((line) => line.startsWith(`${both},`))).toContain(
      ",confirmed,weekly,category:css category:react,import,",
    );
    expect(exported.find((line) => line.startsWith(`${everything},`))).toContain(",confirmed,each,everything,import,");

    // Without "they consented": waiting, and each address is asked to confirm by mail.
    await openSubscribers(page, jsEnabled);
    const waiting = uniqueEmail(`imp-${run}-ask`);
    await importFile(page, csvFile("ask.csv", `Email\n${waiting}\n`), false);
    await expect(alert).toContainText("1 address imported; 1 confirmation mail(s) queued.");
    expect(await topicCount(page, "Everything")).toBe(before.everything + 1);
    expect(await figure(page, "Waiting")).toBeGreaterThanOrEqual(1);
    await search.getByLabel("Search subscribers by address").fill(waiting);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(
      page.getByRole("table", { name: "Subscribers", exact: true }).getByRole("row").filter({ hasText: waiting }),
    ).toContainText("Waiting for confirmation");
    const confirmation = await waitForMail(page.request, waiting, /^Confirm your subscription/);
    expect(confirmation.links.some((href) => href.includes("/subscribe/confirm/"))).toBe(true);
  });

  test("subscribers: an author is refused the page, the export and the import, which writes nothing", async ({
    page,
    request,
    baseURL,
    jsEnabled,
  }) => {
    const address = uniqueEmail(`author-import-${jsEnabled ? "js" : "nojs"}${Date.now().toString(36)}`);
    const signedOut = await request.get("/admin/subscribers.csv", { maxRedirects: 0 });
    expect(signedOut.status()).toBe(401);
    expect(await signedOut.text()).not.toContain("@");

    expect((await signInRequest(request, baseURL!, STAFF.author)).status()).toBe(303);
    expect((await request.get("/admin/subscribers", { maxRedirects: 0 })).status()).toBe(403);
    const exported = await request.get("/admin/subscribers.csv", { maxRedirects: 0 });
    expect(exported.status()).toBe(403);
    expect(await exported.text()).not.toContain("@");
    const imported = await request.post("/admin/subscribers", {
      headers: { Origin: baseURL! },
      multipart: { intent: "import", consented: "1", file: csvFile("list.csv", `email\n${address}\n`) },
      maxRedirects: 0,
    });
    expect(imported.status()).toBe(403);

    await signInAsAdmin(page, jsEnabled);
    await page.goto(`/admin/subscribers?q=${encodeURIComponent(address)}`);
    await expect(page.getByText("No subscriber matches.")).toBeVisible();
  });

  test("subscribers: a file that is not CSV, or has no email column, is refused and imports nothing", async ({
    page,
    jsEnabled,
  }) => {
    const run = `${jsEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
    await signInAsAdmin(page, jsEnabled);
    await openSubscribers(page, jsEnabled);
    const total = await totalSubscribers(page);
    const alert = page.getByTestId("form-alert");

    // A PNG named .csv: binary, not CSV.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from(`email\n${uniqueEmail(`bad-${run}`)}\n`),
    ]);
    await importFile(page, csvFile("list.csv", png), true);
    await expect(alert).toContainText("Nothing was imported");
    await expect(alert).toContainText(IMPORT_MESSAGES.notCsv);
    expect(await totalSubscribers(page)).toBe(total);
    await expectNoSeriousAxeViolations(page, jsEnabled);

    // CSV, but no "email" column: not even its addresses-looking values are taken.
    await openSubscribers(page, jsEnabled);
    await importFile(page, csvFile("people.csv", `name,address\nAda,${uniqueEmail(`bad-${run}`)}\n`), true);
    await expect(alert).toContainText("Nothing was imported");
    await expect(alert).toContainText(IMPORT_MESSAGES.noEmail);
    expect(await totalSubscribers(page)).toBe(total);
    await page.goto(`/admin/subscribers?q=bad-${run}`);
    await expect(page.getByText("No subscriber matches.")).toBeVisible();
  });

  test("the editor's newsletter box: Send me a test, and Do not email this article", async ({
    page,
    jsEnabled,
    baseURL,
  }) => {
    const run = `${jsEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
    await signInAsAdmin(page, jsEnabled);
    // A confirmed subscriber to everything (imported with consent).
    const reader = uniqueEmail(`box-${run}`);
    const imported = await page.request.post("/admin/subscribers", {
      headers: { Origin: baseURL! },
      multipart: { intent: "import", consented: "1", file: csvFile("one.csv", `email\n${reader}\n`) },
    });
    expect(imported.status()).toBe(200);

    // "Send me a test" before the article is saved: the form keeps what was typed.
    const quiet = uniqueArticle("newsletter-skip");
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    const box = page.getByRole("region", { name: "Newsletter" });
    await expect(box.getByRole("checkbox", { name: /Do not email this article/ })).not.toBeChecked();
    await fillArticleForm(page, {
      title: quiet.title,
      slug: quiet.slug,
      content: `## A small correction\n\nTested in the inbox (${run}).\n`,
    });
    await box.getByRole("checkbox", { name: /Do not email this article/ }).check();
    await box.getByRole("button", { name: "Send me a test" }).click();
    const alert = page.getByTestId("form-alert");
    await expect(alert).toContainText("Test sent");
    await expect(alert).toContainText(`The newsletter of this article is on its way to ${E2E_ADMIN.email}.`);
    await expect(page.getByLabel("Title")).toHaveValue(quiet.title);
    await expect(box.getByRole("checkbox", { name: /Do not email this article/ })).toBeChecked();
    const testMail = (await waitForMail(page.request, E2E_ADMIN.email, `[Test] ${quiet.title}`)) as SinkMail & {
      headers: Record<string, string>;
    };
    expect(testMail.text).toContain(`Tested in the inbox (${run}).`);
    expect(testMail.text).toContain("View in browser");
    expect(testMail.html).toContain("<h1");
    expect(testMail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await expectNoSeriousAxeViolations(page, jsEnabled);

    // Published with "Do not email this article": the box says so afterwards.
    await page.getByRole("button", { name: "Create Article", exact: true }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    const quietId = await articleIdByTitle(page, quiet.title);
    await page.goto(`/admin/articles/edit/${quietId}`);
    await expect(page.getByRole("region", { name: "Newsletter" })).toContainText(
      "Not emailed to subscribers (“Do not email this article”).",
    );

    // Another article, published without the box ticked, is mailed; the box then counts its mails.
    const mailed = uniqueArticle("newsletter-send");
    await page.goto("/admin/articles/new");
    await hydrated(page, jsEnabled);
    await fillArticleForm(page, { title: mailed.title, slug: mailed.slug, content: `Mailed (${run}).` });
    await page.getByRole("button", { name: "Create Article", exact: true }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await waitForMail(page.request, reader, mailed.title);
    // The worker takes newsletters in order: the skipped one would have come first.
    const received = await mailsTo(page.request, reader);
    expect(received.filter((mail) => mail.subject === quiet.title)).toHaveLength(0);
    expect(received.filter((mail) => mail.subject === mailed.title)).toHaveLength(1);
    const mailedId = await articleIdByTitle(page, mailed.title);
    await expect
      .poll(async () => {
        await page.goto(`/admin/articles/edit/${mailedId}`);
        return page
          .getByTestId("newsletter-counts")
          .getByText("sent", { exact: true })
          .locator("xpath=following-sibling::dd")
          .textContent();
      })
      .not.toBe("0");
    const panel = page.getByRole("region", { name: "Newsletter" });
    await expect(panel).toContainText("Mailed to subscribers. Editing or republishing never sends it again.");
    await expect(panel.getByRole("checkbox", { name: /Do not email this article/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, jsEnabled);
  });
});
