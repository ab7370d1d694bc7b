import {
  appOrigin,
  createVerifiedAccount,
  expect,
  expectSignedInAs,
  hydrated,
  services,
  signIn,
  test,
  uniqueIp,
} from "./support";

test.describe("forgery and redirects", () => {
  test("a form on another origin cannot post here: 403, and nothing happens", async ({ page, jsEnabled, request }) => {
    const account = await createVerifiedAccount(request, "csrf");
    await signIn(page, account, jsEnabled);
    await expect(page).toHaveURL(`${appOrigin}/`);

    // A page on another origin (same host, other port: another origin, same site) posts to /logout.
    await page.goto(`${services.controlUrl}/cross-site-form?path=/logout`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${appOrigin}/logout`),
      page.getByRole("button", { name: "Submit to DevPerspective" }).click(),
    ]);
    expect(response.status()).toBe(403);
    expect(response.request().headers().origin).toBe(services.controlUrl);
    await page.goto("/");
    await hydrated(page, jsEnabled);
    await expectSignedInAs(page, account.name);
  });

  test("raw cross-origin or unlabelled cookie-carrying POSTs are refused; same-origin ones pass", async ({
    request,
  }) => {
    const form = { email: "x@example.com", password: "whatever1" };
    const headers = { "X-Test-Client-Ip": uniqueIp() };
    const post = (extra: Record<string, string>) =>
      request.post("/login", { headers: { ...headers, ...extra }, form, maxRedirects: 0 });
    expect((await post({ Origin: "https://evil.example" })).status()).toBe(403);
    expect((await post({ Origin: "null" })).status()).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status()).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "same-site", Origin: services.controlUrl })).status()).toBe(403);
    // A cookie-carrying write with neither Origin nor Sec-Fetch-Site is refused too.
    expect((await post({ Cookie: "dp_session=abc" })).status()).toBe(403);
    // The site's own forms pass (here: a wrong password, so 400).
    expect((await post({ Origin: appOrigin, "Sec-Fetch-Site": "same-origin" })).status()).toBe(400);
    expect(
      (await request.post("/logout", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 })).status(),
    ).toBe(403);
    expect(
      (await request.post("/auth/github", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 })).status(),
    ).toBe(403);
  });

  test("OAuth and sign-in never redirect off-site", async ({ request }) => {
    const start = await request.post("/auth/github", {
      headers: { Origin: appOrigin },
      form: { intent: "login", redirectTo: "https://evil.example/steal" },
      maxRedirects: 0,
    });
    expect(start.status()).toBe(303);
    const flow = start.headers()["set-cookie"]?.match(/dp_oauth_flow=([^;]+)/)?.[1];
    expect(JSON.parse(Buffer.from(flow!, "base64url").toString("utf8"))).toEqual({ intent: "login", redirectTo: "/" });
  });
});
