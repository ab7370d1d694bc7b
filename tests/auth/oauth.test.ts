import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureTitle, OAuthError, type OAuthProfile, readFlow, signInWithOAuthProfile } from "~/auth/oauth.server";
import { getProvider, PROVIDERS } from "~/auth/providers/registry.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { oauthAccounts, sessions, users } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const profile = (overrides: Partial<OAuthProfile> = {}): OAuthProfile => ({
  provider: "github",
  providerAccountId: "1001",
  email: "octo@example.com",
  emailVerified: true,
  name: "Octo Cat",
  ...overrides,
});

describe("provider registry", () => {
  it("offers GitHub then Google, each configured only with both credentials", () => {
    expect(PROVIDERS.map((provider) => provider.name)).toEqual(["github", "google"]);
    const bare = parseEnv({});
    const full = parseEnv({
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "secret",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    const half = parseEnv({ GITHUB_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    for (const provider of PROVIDERS) {
      expect(provider.isConfigured(bare)).toBe(false);
      expect(provider.isConfigured(half)).toBe(false);
      expect(provider.isConfigured(full)).toBe(true);
      expect(provider.unavailableReason).toMatch(/not set up/);
    }
    expect(getProvider("twitter")).toBeNull();
  });

  it("names failures by where the flow started", () => {
    expect(failureTitle("login")).toBe("OAuth Login Failed");
    expect(failureTitle("register")).toBe("OAuth Registration Failed");
    expect(failureTitle("connect")).toBe("Account Not Connected");
  });

  it("reads the flow cookie defensively: only same-site paths, login by default", () => {
    const cookie = (value: unknown) =>
      new Request("http://localhost/", {
        headers: { Cookie: `dp_oauth_flow=${Buffer.from(JSON.stringify(value)).toString("base64url")}` },
      });
    expect(readFlow(new Request("http://localhost/"))).toEqual({ intent: "login", redirectTo: "/" });
    expect(readFlow(cookie({ intent: "register", redirectTo: "/post/x" }))).toEqual({
      intent: "register",
      redirectTo: "/post/x",
    });
    expect(readFlow(cookie({ intent: "evil", redirectTo: "https://evil.example/" }))).toEqual({
      intent: "login",
      redirectTo: "/",
    });
    expect(readFlow(cookie({ redirectTo: "//evil.example" })).redirectTo).toBe("/");
    expect(readFlow(new Request("http://localhost/", { headers: { Cookie: "dp_oauth_flow=%%%" } }))).toEqual({
      intent: "login",
      redirectTo: "/",
    });
  });
});

describe.each(testDatabaseKinds())("OAuth linking on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  const userByEmail = async (email: string) =>
    (await handle.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0];

  it("a first visit creates a verified user without a password, linked to the provider account", async () => {
    const result = await signInWithOAuthProfile(profile(), "GitHub");
    expect(result.created).toBe(true);
    const user = await userByEmail("octo@example.com");
    expect(user).toMatchObject({ id: result.userId, fullName: "Octo Cat", passwordHash: null });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    const links = await handle.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, result.userId));
    expect(links.map((link) => [link.provider, link.providerAccountId])).toEqual([["github", "1001"]]);
  });

  it("a returning provider account signs in as the same user, even with a new email", async () => {
    const first = await signInWithOAuthProfile(
      profile({ providerAccountId: "1002", email: "returning@example.com" }),
      "GitHub",
    );
    const again = await signInWithOAuthProfile(
      profile({ providerAccountId: "1002", email: "changed@example.com", emailVerified: false }),
      "GitHub",
    );
    expect(again).toEqual({ userId: first.userId, created: false });
  });

  it("links to the existing verified account with the same verified email, keeping its password", async () => {
    const [existing] = await handle.db
      .insert(users)
      .values({
        email: "Grace@Example.com",
        fullName: "Grace Hopper",
        passwordHash: "hash-kept",
        emailVerifiedAt: sql`now()`,
      })
      .returning({ id: users.id });
    const result = await signInWithOAuthProfile(
      profile({ provider: "google", providerAccountId: "g-1", email: "grace@example.com" }),
      "Google",
    );
    expect(result).toEqual({ userId: existing!.id, created: false });
    expect((await userByEmail("grace@example.com"))?.passwordHash).toBe("hash-kept");
    // Both providers can lead to the same person.
    const viaGithub = await signInWithOAuthProfile(
      profile({ providerAccountId: "gh-grace", email: "GRACE@example.com" }),
      "GitHub",
    );
    expect(viaGithub.userId).toBe(existing!.id);
  });

  it("linking to a never-verified account drops its unproven password and sessions", async () => {
    const [squatted] = await handle.db
      .insert(users)
      .values({ email: "victim@example.com", fullName: "Squatter", passwordHash: "attacker-hash" })
      .returning({ id: users.id });
    await handle.db
      .insert(sessions)
      .values({ idHash: "squatter-session", userId: squatted!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    const result = await signInWithOAuthProfile(
      profile({ providerAccountId: "victim-gh", email: "victim@example.com" }),
      "GitHub",
    );
    expect(result.userId).toBe(squatted!.id);
    const user = await userByEmail("victim@example.com");
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, squatted!.id))).toHaveLength(0);
  });

  it("refuses a profile without a verified email, and links nothing", async () => {
    await handle.db
      .insert(users)
      .values({ email: "owner@example.com", fullName: "Owner", emailVerifiedAt: sql`now()` });
    const unverified = profile({ providerAccountId: "evil-1", email: "owner@example.com", emailVerified: false });
    await expect(signInWithOAuthProfile(unverified, "GitHub")).rejects.toThrow(OAuthError);
    await expect(
      signInWithOAuthProfile(profile({ providerAccountId: "no-mail", email: null, emailVerified: false }), "GitHub"),
    ).rejects.toThrow("GitHub did not share a verified email address.");
    await expect(
      signInWithOAuthProfile(profile({ providerAccountId: "odd", email: "not-an-email" }), "GitHub"),
    ).rejects.toThrow(OAuthError);
    const links = await handle.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerAccountId, "evil-1"));
    expect(links).toHaveLength(0);
  });

  it("names a nameless user after their address", async () => {
    const result = await signInWithOAuthProfile(
      profile({ provider: "google", providerAccountId: "g-anon", email: "anon.reader@example.com", name: null }),
      "Google",
    );
    const [user] = await handle.db.select().from(users).where(eq(users.id, result.userId));
    expect(user?.fullName).toBe("anon.reader");
  });
});
