/**
 * Helpers for the accounts browser tests: the mail sink, accounts made over HTTP, toasts, and a
 * pretend client address per test (the server honours `X-Test-Client-Ip` only with
 * ENABLE_TEST_HOOKS=1), so rate limits never leak from one test into another.
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test as base,
} from "@playwright/test";
import { mockServices } from "../support/mock-config";

export { expect };
import { hydrated } from "../support/fixtures";

export { hydrated };

export const appPort = Number(process.env.E2E_PORT ?? 4317);
export const appOrigin = `http://127.0.0.1:${appPort}`;
export const services = mockServices(appPort);

export const uniqueIp = () => `10.${[...randomBytes(3)].join(".")}`;
export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString("hex")}@example.com`;

/** `jsEnabled` as in ../support/fixtures, plus `clientIp`: this test's own pretend address. */
export const test = base.extend<{ jsEnabled: boolean; clientIp: string }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  clientIp: [
    async ({ page }, use) => {
      const ip = uniqueIp();
      await page.setExtraHTTPHeaders({ "X-Test-Client-Ip": ip });
      await use(ip);
    },
    { auto: true },
  ],
});

export type SinkMail = {
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
};

/** The mails the SMTP sink received for `to` (oldest first). */
export async function mailsTo(request: APIRequestContext, to: string): Promise<SinkMail[]> {
  const response = await request.get(`${services.controlUrl}/mails?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SinkMail[];
}

/** Waits for the `count`-th mail to `to` whose subject matches, and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp | string,
  count = 1,
): Promise<SinkMail> {
  let found: SinkMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).filter((mail) =>
          typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject),
        );
        return found.length;
      },
      { timeout: 10_000, message: `mail "${subject}" to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}

/** The first link in a mail to one of our paths (as a same-origin path with its query). */
export function linkTo(mail: SinkMail, path: string): string {
  const link = mail.links.find((href) => href.startsWith(`${appOrigin}${path}?`));
  if (!link) throw new Error(`no ${path} link in:\n${mail.text}`);
  return link.slice(appOrigin.length);
}

/**
 * Follows a verification link as a browser does: the GET shows the confirm button and changes
 * nothing; the button's POST verifies and signs `client` in.
 */
export async function verifyByPost(client: APIRequestContext, link: string, headers: Record<string, string>) {
  const page = await client.get(link, { headers });
  expect(page.status()).toBe(200);
  const token = new URL(link, appOrigin).searchParams.get("token") ?? "";
  const verified = await client.post("/verify-email", {
    headers: { Origin: appOrigin, ...headers },
    form: { intent: "verify", token },
    maxRedirects: 0,
  });
  expect(verified.status()).toBe(303);
}

export type Account = { name: string; email: string; password: string };

/**
 * Registers and verifies an account over HTTP (fast), from its own pretend address and its own
 * cookie jar (following the link signs that jar in, and the caller's must stay signed out).
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  label: string,
  overrides: Partial<Account> = {},
): Promise<Account> {
  const account: Account = {
    name: `Reader ${label}`,
    email: uniqueEmail(label),
    password: `pw-${randomBytes(6).toString("hex")}`,
    ...overrides,
  };
  const headers = { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() };
  const client = await playwrightRequest.newContext({ baseURL: appOrigin });
  try {
    const registered = await client.post("/register", {
      headers,
      form: {
        name: account.name,
        email: account.email,
        password: account.password,
        confirmPassword: account.password,
        agreedToTerms: "on",
      },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(303);
    const mail = await waitForMail(request, account.email, /^Verify your email address/);
    await verifyByPost(client, linkTo(mail, "/verify-email"), headers);
  } finally {
    await client.dispose();
  }
  return account;
}

/** A visible toast with this title (and description): sonner with JavaScript, the banner without. */
export async function expectToast(page: Page, jsEnabled: boolean, title: string, description?: string) {
  const candidates = jsEnabled ? page.locator("[data-sonner-toast]") : page.locator('[role="status"], [role="alert"]');
  const toast = candidates.filter({ hasText: title }).filter({ visible: true }).first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** The server's refusal shown above a form (with and without JavaScript). */
export async function expectFormAlert(page: Page, title: string, description?: string) {
  const alert = page.getByTestId("form-alert");
  await expect(alert).toContainText(title);
  if (description) await expect(alert).toContainText(description);
}

/** Signs in through the form and waits for the home page. */
export async function signIn(
  page: Page,
  account: Pick<Account, "email" | "password">,
  jsEnabled: boolean,
  path = "/login",
) {
  await page.goto(path);
  await hydrated(page, jsEnabled);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Waits for the POST that submitting a document form (no JavaScript) or a fetch (JavaScript) sends. */
export function postResponse(page: Page, path: string) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return response.request().method() === "POST" && (url.pathname === path || url.pathname === `${path}.data`);
  });
}

/** The header shows the user's name and Sign out instead of Login and Register. */
export async function expectSignedInAs(page: Page, name: string) {
  const banner = page.getByRole("banner");
  await expect(banner.getByText(name).filter({ visible: true }).first()).toBeVisible();
  await expect(banner.getByRole("button", { name: "Sign out" }).filter({ visible: true }).first()).toBeVisible();
  await expect(banner.getByRole("link", { name: "Login", exact: true }).filter({ visible: true })).toHaveCount(0);
}

export async function expectSignedOut(page: Page) {
  const banner = page.getByRole("banner");
  await expect(
    banner.getByRole("link", { name: "Login", exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(banner.getByRole("button", { name: "Sign out" }).filter({ visible: true })).toHaveCount(0);
}

async function seriousViolations(page: Page) {
  // The shared toaster's colours are not these pages' markup (reported separately): left out here.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa"])
    .exclude("[data-sonner-toaster]")
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} — ${node.failureSummary}`).join("; ")}`,
    );
}

/**
 * No serious or critical WCAG 2 A/AA violation. axe is a script, so without JavaScript the page
 * is checked as the browser holds it now (after a POST too): its document, scripts removed,
 * loaded at the same address in a context where axe itself can run.
 */
export async function expectNoSeriousAxeViolations(page: Page, jsEnabled: boolean) {
  if (jsEnabled) {
    expect(await seriousViolations(page)).toEqual([]);
    return;
  }
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to open a scripting context in");
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    await context.route("**/*", async (route) => {
      const request = route.request();
      if (request.resourceType() === "script") return route.abort();
      if (request.resourceType() === "document")
        return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
      return route.continue();
    });
    const copy = await context.newPage();
    await copy.goto(url);
    expect(await copy.evaluate(() => document.documentElement.className)).toBe("no-js");
    expect(await seriousViolations(copy)).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * Signs the page's browser context in without the form (its request shares the context's
 * cookies): the quick way for tests about what a signed-in reader does next.
 */
export async function signInQuickly(page: Page, account: Pick<Account, "email" | "password">) {
  const response = await page.request.post("/login", {
    headers: { Origin: appOrigin, "X-Test-Client-Ip": uniqueIp() },
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}
