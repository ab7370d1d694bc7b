/**
 * Every page is valid HTML by the W3C Nu HTML Checker (issue 26, item 10): every admin page of the
 * route table (app/routes.ts), signed in as an administrator, with the editors of a new and an
 * existing article, and every public page, signed out (the reader's private pages signed in).
 * Without JavaScript the server's HTML is checked; with it, the document after hydration.
 *
 * Pages come from the route table itself, so a new page is checked without touching this test;
 * a page whose address has a parameter takes it from the first link to it found on the pages
 * already visited (or from SAMPLES, for addresses no page links to), and the test fails on a
 * page it cannot reach.
 */
import type { Page } from "@playwright/test";
import routes from "../../../app/routes";
import { nuErrors } from "../support/nu-checker";
import { expect, expectToast, hydrated, signInAsAdmin, test } from "./support";

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** Every page route's address pattern ("/admin/categories/:id"); resource routes (.ts) and test hooks left out. */
function pagePatterns(entries: RouteEntry[], base = ""): string[] {
  const patterns: string[] = [];
  for (const entry of entries) {
    const here = entry.path ? `${base}/${entry.path}` : base;
    if (entry.children) patterns.push(...pagePatterns(entry.children, here));
    if (entry.file.endsWith("-layout.tsx") || !entry.file.endsWith(".tsx")) continue;
    if (here.startsWith("/__test")) continue;
    patterns.push(here === "" ? "/" : here);
  }
  return [...new Set(patterns)];
}

/** Addresses no page links to: made-up tokens (their pages say the link is not valid), a 404. */
const SAMPLES: Record<string, string> = {
  "/*": "/no-such-page",
  "/unsubscribe/:token": "/unsubscribe/not-a-real-token",
  "/preview/:token": "/preview/not-a-real-token",
  "/invite/:token": "/invite/not-a-real-token",
  "/setup/:token": "/setup/not-a-real-token",
  "/auth/:provider/callback": "/auth/github/callback?code=made-up&state=made-up",
  "/reading-list/save": "/reading-list/save?article=1",
  // The demo content has no tags or series yet: their pages' "not found" answer.
  "/tag/:slug": "/tag/no-such-tag",
  "/series/:slug": "/series/no-such-series",
  "/admin/series/:id": "/admin/series/999999",
  "/admin/tags/:id": "/admin/tags/999999",
  "/subscribe/confirm/:token": "/subscribe/confirm/not-a-real-token",
  "/subscription/:token": "/subscription/not-a-real-token",
  "/subscription/:token/unsubscribe": "/subscription/not-a-real-token/unsubscribe",
};

/** Signed-out pages checked signed in (a reader's own), and signed-in pages checked signed out. */
const READER_PAGES = ["/account", "/account/confirm-email", "/reading-list", "/reading-list/save"];

function matcher(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/?#]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

type Checked = { label: string; html: string };

/**
 * The document after hydration, less the stylesheet sonner (the toasts) injects: valid CSS that
 * the checker's older CSS parser cannot read (custom properties holding arithmetic, like
 * `--scale: var(--toasts-before) * 0.05 + 1`), and not this site's markup.
 */
async function hydratedDocument(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const style of copy.querySelectorAll("style")) {
      if (style.textContent?.includes("[data-sonner-toaster]")) style.remove();
    }
    return `<!DOCTYPE html>${copy.outerHTML}`;
  });
}

async function visit(page: Page, jsEnabled: boolean, url: string): Promise<{ html: string; links: string[] }> {
  const response = await page.goto(url);
  if (!response) throw new Error(`no response for ${url}`);
  await hydrated(page, jsEnabled);
  const html = jsEnabled ? await hydratedDocument(page) : await response.text();
  // Links, and forms' addresses (a row's Delete is a small GET form to its confirmation page).
  const links = await page
    .locator("a[href], form[action]")
    .evaluateAll((elements) =>
      elements.map(
        (element) =>
          new URL(element instanceof HTMLAnchorElement ? element.href : (element as HTMLFormElement).action).pathname,
      ),
    );
  return { html, links };
}

/** Visits the patterns' pages: plain ones first, then those with parameters from the links seen. */
async function checkAll(page: Page, jsEnabled: boolean, patterns: string[], checked: Checked[]) {
  const seen = new Set<string>();
  let pending = [...patterns];
  for (let round = 0; round < 4 && pending.length > 0; round++) {
    const next: string[] = [];
    for (const pattern of pending) {
      // A parameter takes a link's value, never a sibling page's name (/admin/questions/new is
      // not a question).
      const url =
        SAMPLES[pattern] ??
        (pattern.includes(":")
          ? [...seen].find((link) => matcher(pattern).test(link) && !patterns.includes(link))
          : pattern);
      if (!url) {
        next.push(pattern);
        continue;
      }
      const { html, links } = await visit(page, jsEnabled, url);
      checked.push({ label: `${url} (${pattern})`, html });
      for (const link of links) seen.add(link);
    }
    pending = next;
  }
  expect(pending, "pages no visited page links to (add a sample)").toEqual([]);
}

test("every admin and public page passes the Nu HTML checker", async ({ page, jsEnabled, browser, baseURL }) => {
  test.setTimeout(300_000);
  const all = pagePatterns(routes as RouteEntry[]);
  const admin = all.filter((pattern) => pattern.startsWith("/admin/") && pattern !== "/admin/login");
  const signedOut = all.filter(
    (pattern) => !pattern.startsWith("/admin") && !READER_PAGES.includes(pattern) && pattern !== "/",
  );
  // The route table, read right: the editors, the login and the public pages are in it.
  expect(admin).toEqual(expect.arrayContaining(["/admin/articles/new", "/admin/articles/edit/:id", "/admin/people"]));
  expect(all).toEqual(expect.arrayContaining(["/admin/login", "/", "/post/:slug"]));

  const checked: Checked[] = [];
  // Signed out: the public pages, the admin login, and a message for the inbox to show.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const anonymous = await visitor.newPage();
  await checkAll(anonymous, jsEnabled, ["/", ...signedOut, "/admin/login"], checked);
  await anonymous.goto("/contact");
  await hydrated(anonymous, jsEnabled);
  await anonymous.getByLabel("Name").fill("Val Idator");
  await anonymous.getByLabel("Email").fill("validator@example.com");
  await anonymous.getByLabel("Subject").fill("Markup check");
  await anonymous.getByLabel("Message").fill("Is every page valid?");
  await anonymous.getByRole("button", { name: "Send message" }).click();
  await expectToast(anonymous, jsEnabled, "Message sent");
  await visitor.close();

  // Signed in as an administrator: every admin page (the dashboard first: it links to the
  // articles' editors, history and delete pages), then a reader's own pages.
  await signInAsAdmin(page, jsEnabled);
  await checkAll(page, jsEnabled, ["/admin", ...admin.filter((pattern) => pattern !== "/admin")], checked);
  await checkAll(page, jsEnabled, READER_PAGES, checked);

  const errors = await nuErrors(checked);
  expect(errors).toEqual({});
  expect(checked.length).toBeGreaterThan(50);
});
