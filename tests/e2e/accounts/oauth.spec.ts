import type { Page } from "@playwright/test";
import { startServer } from "../support/server-process";
import { GOOGLE_IDENTITY_COOKIE } from "../support/mock-config";
import {
  appOrigin,
  appPort,
  createVerifiedAccount,
  expect,
  expectSignedInAs,
  expectToast,
  hydrated,
  services,
  test,
  uniqueEmail,
} from "./support";

type GitHubIdentity = { login: string; name: string; email: string; verified?: boolean };

/** Starts at `path`, presses "Continue with GitHub" and answers the (test double's) consent page. */
async function throughGitHub(page: Page, jsEnabled: boolean, path: string, identity: GitHubIdentity | "cancel") {
  await page.goto(path);
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Continue with GitHub" }).click();
  await expect(page).toHaveURL(new RegExp(`^${services.githubUrl}/login/oauth/authorize\\?`));
  const url = new URL(page.url());
  // State and PKCE travel to the provider.
  expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("redirect_uri")).toBe(`${appOrigin}/auth/github/callback`);
  if (identity === "cancel") {
    await page.getByRole("button", { name: "Cancel" }).click();
    return;
  }
  await page.getByLabel("Username").fill(identity.login);
  await page.getByLabel("Name", { exact: true }).fill(identity.name);
  await page.getByLabel("Email", { exact: true }).fill(identity.email);
  await page.getByLabel("Email verified").setChecked(identity.verified ?? true);
  await page.getByRole("button", { name: "Authorize" }).click();
}

/** Says who is signed in at the fake Google (its cookie, on its host), then goes through it. */
async function throughGoogle(
  page: Page,
  jsEnabled: boolean,
  path: string,
  identity: { sub: string; email: string; name: string; email_verified?: boolean },
) {
  await page.context().addCookies([
    {
      name: GOOGLE_IDENTITY_COOKIE,
      value: Buffer.from(JSON.stringify({ email_verified: true, ...identity })).toString("base64url"),
      url: services.googleUrl,
    },
  ]);
  await page.goto(path);
  await hydrated(page, jsEnabled);
  await page.getByRole("button", { name: "Continue with Google" }).click();
}

const suffix = () => Math.random().toString(36).slice(2, 10);

test.describe("GitHub and Google", () => {
  test("GitHub: a first visit from /register creates the account and signs in; the next visit signs in again", async ({
    page,
    jsEnabled,
    context,
  }) => {
    const login = `octo-${suffix()}`;
    await throughGitHub(page, jsEnabled, "/register", { login, name: "Mona Octocat", email: `${login}@example.com` });
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Login Successful", "Welcome to DevPerspective!");
    await expectSignedInAs(page, "Mona Octocat");
    // The state cookies are gone once used.
    expect((await context.cookies()).filter((cookie) => cookie.name.startsWith("dp_oauth"))).toHaveLength(0);

    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).filter({ visible: true }).first().click();
    await expectToast(page, jsEnabled, "Signed out successfully");
    await throughGitHub(page, jsEnabled, "/login", { login, name: "Mona (renamed)", email: `${login}@example.com` });
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Login Successful", "Welcome back!");
    await expectSignedInAs(page, "Mona Octocat");
  });

  test("GitHub: a verified email that already has an account links to it", async ({ page, jsEnabled, request }) => {
    const account = await createVerifiedAccount(request, "linkme");
    await throughGitHub(page, jsEnabled, "/login", {
      login: `linker-${suffix()}`,
      name: "Someone On GitHub",
      email: account.email,
    });
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectSignedInAs(page, account.name);
  });

  test("GitHub: an unverified email is refused with the reason, on a retry page", async ({ page, jsEnabled }) => {
    await throughGitHub(page, jsEnabled, "/register", {
      login: `unverified-${suffix()}`,
      name: "Not Verified",
      email: uniqueEmail("ghunverified"),
      verified: false,
    });
    await expect(page).toHaveURL(/\/auth\/github\/callback\?/);
    await expect(page.getByRole("heading", { name: "OAuth Registration Failed" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "GitHub did not share a verified email address.",
    );
    if (jsEnabled)
      await expectToast(page, true, "OAuth Registration Failed", "GitHub did not share a verified email address.");
    await expect(page.getByRole("button", { name: "Try again with GitHub" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to registration" })).toHaveAttribute(
      "href",
      "/register",
    );
  });

  test("GitHub: cancelling at the provider says 'OAuth Login Failed' and offers a retry that works", async ({
    page,
    jsEnabled,
  }) => {
    const responses: number[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(`${appOrigin}/auth/github/callback`)) responses.push(response.status());
    });
    await throughGitHub(page, jsEnabled, "/login", "cancel");
    await expect(page.getByRole("heading", { name: "OAuth Login Failed" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("You cancelled the sign-in at GitHub.");
    expect(responses).toEqual([400]);
    await expect(page).toHaveTitle("OAuth Login Failed | DevPerspective");

    await page.getByRole("button", { name: "Try again with GitHub" }).click();
    await expect(page).toHaveURL(new RegExp(`^${services.githubUrl}/login/oauth/authorize`));
    const login = `retry-${suffix()}`;
    await page.getByLabel("Username").fill(login);
    await page.getByLabel("Name", { exact: true }).fill("Retry Person");
    await page.getByLabel("Email", { exact: true }).fill(`${login}@example.com`);
    await page.getByRole("button", { name: "Authorize" }).click();
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectSignedInAs(page, "Retry Person");
  });

  test("Google: OpenID discovery, consent, and a new account signed in", async ({ page, jsEnabled }) => {
    const sub = `g-${suffix()}`;
    await throughGoogle(page, jsEnabled, "/login", { sub, email: `${sub}@example.com`, name: "Ada From Google" });
    await expect(page).toHaveURL(`${appOrigin}/`);
    await expectToast(page, jsEnabled, "Login Successful", "Welcome to DevPerspective!");
    await expectSignedInAs(page, "Ada From Google");
  });

  test("Google: an unverified email from /register says 'OAuth Registration Failed'", async ({ page, jsEnabled }) => {
    const sub = `g-${suffix()}`;
    await throughGoogle(page, jsEnabled, "/register", {
      sub,
      email: `${sub}@example.com`,
      name: "Unverified",
      email_verified: false,
    });
    await expect(page.getByRole("heading", { name: "OAuth Registration Failed" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      "Google did not share a verified email address.",
    );
  });

  test("made-up callback values get a 4xx retry page, never a 500", async ({ page, playwright }) => {
    for (const query of [
      "",
      "?code=made-up",
      "?code=made-up&state=made-up",
      "?error=access_denied&state=x",
      "?error=%00&error_description=%3Cscript%3E",
      "?state=%00&code=%00",
    ]) {
      for (const provider of ["github", "google"]) {
        const response = await page.goto(`/auth/${provider}/callback${query}`);
        expect(response?.status(), `${provider} ${query}`).toBe(400);
        // NUL bytes are refused by the HTTP server before the app; everything else gets the retry page.
        if (!query.includes("%00"))
          await expect(page.getByRole("heading", { name: "OAuth Login Failed" })).toBeVisible();
      }
    }
    expect((await page.goto("/auth/twitter/callback?code=1&state=2"))?.status()).toBe(404);

    // A real state (this client started the flow) with a made-up code: the provider refuses it.
    for (const provider of ["github", "google"]) {
      const client = await playwright.request.newContext({ baseURL: appOrigin });
      const start = await client.post(`/auth/${provider}`, {
        headers: { Origin: appOrigin },
        form: { intent: "register" },
        maxRedirects: 0,
      });
      expect(start.status()).toBe(303);
      const state = new URL(start.headers().location!).searchParams.get("state");
      const callback = await client.get(`/auth/${provider}/callback?code=made-up-code&state=${state}`, {
        maxRedirects: 0,
      });
      expect(callback.status(), provider).toBe(400);
      expect(await callback.text()).toContain("OAuth Registration Failed");
      await client.dispose();
    }
  });
});

test.describe("a site without OAuth credentials", () => {
  test("shows both buttons disabled with the reason, and refuses to start", async ({
    browser,
    jsEnabled,
    playwright,
  }) => {
    test.setTimeout(90_000);
    // A second server on its own port and data, without GITHUB_* / GOOGLE_* (one per project).
    const port = appPort + 5 + (jsEnabled ? 0 : 1);
    const server = await startServer({
      port,
      env: {
        SITE_URL: `http://127.0.0.1:${port}`,
        GITHUB_CLIENT_ID: "",
        GITHUB_CLIENT_SECRET: "",
        GOOGLE_CLIENT_ID: "",
        GOOGLE_CLIENT_SECRET: "",
        SMTP_URL: "",
      },
    });
    try {
      const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: jsEnabled });
      const page = await context.newPage();
      for (const path of ["/login", "/register"]) {
        await page.goto(path);
        await hydrated(page, jsEnabled);
        for (const [label, reason] of [
          ["GitHub", "GitHub sign-in is not set up on this site."],
          ["Google", "Google sign-in is not set up on this site."],
        ] as const) {
          const button = page.getByRole("button", { name: `Continue with ${label}` });
          await expect(button).toBeDisabled();
          await expect(button).toHaveAccessibleDescription(reason);
        }
      }
      const client = await playwright.request.newContext({ baseURL: server.url });
      const refused = await client.post("/auth/github", {
        headers: { Origin: server.url },
        form: { intent: "login" },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(303);
      expect(refused.headers().location).toBe("/login");
      await client.dispose();
      await context.close();
    } finally {
      server.process.kill("SIGTERM");
      await server.exited;
    }
  });
});
