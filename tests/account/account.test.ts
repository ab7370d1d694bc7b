/**
 * /account's domain (app/account): name, email change by link, password (current one required,
 * other sessions end; first password for an OAuth-only account), connected accounts (never the
 * last way to sign in), sign out everywhere else, data export, and deleting the account (comments
 * stay as "deleted user"; the last administrator cannot leave). Both databases.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  disconnectProvider,
  exportAccountData,
  getAccount,
  requestEmailChange,
  signOutOtherSessions,
  updateName,
} from "~/account/account.server";
import { connectOAuthProfile, OAuthError, type OAuthProfile } from "~/auth/oauth.server";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { createSession } from "~/auth/session.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, comments, oauthAccounts, readingList, sessions, users } from "~/db/schema";
import { seedDemoContent } from "~/seed/seed.server";
import { testClient, tokenFrom } from "../auth/support";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("account settings on %s", (kind) => {
  let handle: DatabaseHandle;
  let articleId: number;
  let nextUser = 1;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    const [article] = await handle.db.select({ id: articles.id }).from(articles).where(isPublished).limit(1);
    articleId = article!.id;
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  /** A verified account, with a password unless `password` is null. */
  async function newUser(options: { password?: string | null; role?: "reader" | "administrator" } = {}) {
    const n = nextUser++;
    const password = options.password === undefined ? "secret123" : options.password;
    const [user] = await handle.db
      .insert(users)
      .values({
        email: `account${n}@example.com`,
        fullName: `Account ${n}`,
        emailVerifiedAt: sql`now()`,
        passwordHash: password === null ? null : await hashPassword(password),
        role: options.role ?? "reader",
      })
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    return user!;
  }

  /** A request carrying a fresh session of `userId` (a browser that signed in). */
  async function signedIn(userId: number) {
    const setCookie = await createSession(userId, new Request("http://localhost/login"));
    return new Request("http://localhost/account", { headers: { Cookie: setCookie.split(";")[0]! } });
  }

  const sessionCount = async (userId: number) =>
    (await handle.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  const github = (id: string): OAuthProfile => ({
    provider: "github",
    providerAccountId: id,
    email: `gh${id}@example.com`,
    emailVerified: true,
    name: "Octo",
  });

  it("shows the account with its sessions (this one marked) and its providers", async () => {
    const user = await newUser();
    const request = await signedIn(user.id);
    await signedIn(user.id);
    const account = await getAccount(user.id, request);
    expect(account).toMatchObject({ name: user.fullName, email: user.email, hasPassword: true });
    expect(account?.sessions).toHaveLength(2);
    expect(account?.sessions.filter((session) => session.current)).toHaveLength(1);
    // No provider is set up in this environment and none is connected: nothing to show.
    expect(account?.providers).toEqual([]);
    await handle.db.insert(oauthAccounts).values({ userId: user.id, provider: "github", providerAccountId: "g-1" });
    expect((await getAccount(user.id, request))?.providers).toEqual([
      { name: "github", label: "GitHub", connected: true },
    ]);
  });

  it("changes the name", async () => {
    const user = await newUser();
    await updateName(user.id, "  Grace Hopper ");
    const [row] = await handle.db.select({ name: users.fullName }).from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe("Grace Hopper");
  });

  it("changes the email only when the link mailed to the new address is followed, once", async () => {
    const user = await newUser();
    const client = testClient();
    expect(await requestEmailChange(user, user.email.toUpperCase(), client.clientIp)).toEqual({ status: "same" });
    expect(await requestEmailChange(user, "new-address@example.com", client.clientIp)).toEqual({ status: "sent" });
    expect(client.mailer.sent).toHaveLength(1);
    expect(client.mailer.sent[0]?.to).toBe("new-address@example.com");
    const [before] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(before?.email).toBe(user.email);
    const token = tokenFrom(client.mailer.sent[0], "/account/confirm-email");
    expect(await confirmEmailChange(token)).toEqual({
      status: "changed",
      userId: user.id,
      email: "new-address@example.com",
    });
    const [after] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(after?.email).toBe("new-address@example.com");
    expect(await confirmEmailChange(token)).toEqual({ status: "invalid" });
  });

  it("never mails an address that belongs to someone else, and answers the same", async () => {
    const user = await newUser();
    const other = await newUser();
    const client = testClient();
    expect(await requestEmailChange(user, other.email, client.clientIp)).toEqual({ status: "sent" });
    expect(client.mailer.sent).toHaveLength(0);
  });

  it("changes the password only with the current one, and ends every other session", async () => {
    const user = await newUser({ password: "old-password" });
    const request = await signedIn(user.id);
    await signedIn(user.id);
    await signedIn(user.id);
    expect(await changePassword(user.id, { currentPassword: "wrong-one", password: "new-password" }, request)).toEqual({
      status: "wrong-password",
    });
    expect(await changePassword(user.id, { password: "new-password" }, request)).toEqual({ status: "wrong-password" });
    expect(await sessionCount(user.id)).toBe(3);
    expect(
      await changePassword(user.id, { currentPassword: "old-password", password: "new-password" }, request),
    ).toEqual({ status: "changed" });
    const [row] = await handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.hash!, "new-password")).toBe(true);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await getAccount(user.id, request))?.sessions[0]?.current).toBe(true);
  });

  it("lets an OAuth-only account set its first password without a current one", async () => {
    const user = await newUser({ password: null });
    const request = await signedIn(user.id);
    expect((await getAccount(user.id, request))?.hasPassword).toBe(false);
    expect(await changePassword(user.id, { password: "first-password" }, request)).toEqual({ status: "changed" });
    expect((await getAccount(user.id, request))?.hasPassword).toBe(true);
  });

  it("signs out everywhere else, keeping this session", async () => {
    const user = await newUser();
    const request = await signedIn(user.id);
    await signedIn(user.id);
    await signOutOtherSessions(user.id, request);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await getAccount(user.id, request))?.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  describe("connected accounts", () => {
    it("connects a provider account to the signed-in user, idempotently", async () => {
      const user = await newUser();
      expect(await connectOAuthProfile(user.id, github("c-1"), "GitHub")).toEqual({ status: "connected" });
      expect(await connectOAuthProfile(user.id, github("c-1"), "GitHub")).toEqual({ status: "already-connected" });
      const links = await handle.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
      expect(links.map((link) => [link.provider, link.providerAccountId])).toEqual([["github", "c-1"]]);
    });

    it("refuses a provider account that signs in to someone else, and a second one of the same provider", async () => {
      const owner = await newUser();
      const user = await newUser();
      await connectOAuthProfile(owner.id, github("c-2"), "GitHub");
      await expect(connectOAuthProfile(user.id, github("c-2"), "GitHub")).rejects.toThrow(
        "This GitHub account is already connected to another account here.",
      );
      await connectOAuthProfile(user.id, github("c-3"), "GitHub");
      const second = connectOAuthProfile(user.id, github("c-4"), "GitHub");
      await expect(second).rejects.toBeInstanceOf(OAuthError);
      await expect(second).rejects.toThrow("Disconnect it first");
      const links = await handle.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
      expect(links.map((link) => link.providerAccountId)).toEqual(["c-3"]);
    });

    it("disconnects a provider, but never the last way to sign in", async () => {
      const oauthOnly = await newUser({ password: null });
      await connectOAuthProfile(oauthOnly.id, github("d-1"), "GitHub");
      expect(await disconnectProvider(oauthOnly.id, "github")).toEqual({ status: "last-way" });
      expect(await disconnectProvider(oauthOnly.id, "google")).toEqual({ status: "not-connected" });
      await handle.db
        .insert(oauthAccounts)
        .values({ userId: oauthOnly.id, provider: "google", providerAccountId: "d-1g" });
      expect(await disconnectProvider(oauthOnly.id, "github")).toEqual({ status: "disconnected" });
      expect(await disconnectProvider(oauthOnly.id, "google")).toEqual({ status: "last-way" });

      const withPassword = await newUser();
      await connectOAuthProfile(withPassword.id, github("d-2"), "GitHub");
      expect(await disconnectProvider(withPassword.id, "github")).toEqual({ status: "disconnected" });
      expect(await handle.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, withPassword.id))).toEqual([]);
    });

    it("two tabs disconnecting the two providers of a password-less account leave one", async () => {
      const user = await newUser({ password: null });
      await handle.db.insert(oauthAccounts).values([
        { userId: user.id, provider: "github", providerAccountId: "t-1" },
        { userId: user.id, provider: "google", providerAccountId: "t-1g" },
      ]);
      const outcomes = await Promise.all([
        disconnectProvider(user.id, "github"),
        disconnectProvider(user.id, "google"),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["disconnected", "last-way"]);
      expect(await handle.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toHaveLength(1);
    });
  });

  it("exports the profile, comments and reading list as one document, without secrets", async () => {
    const user = await newUser();
    await handle.db.insert(comments).values({ articleId, userId: user.id, body: "Nice `code`", bodyHtml: "<p>x</p>" });
    await handle.db.insert(readingList).values({ userId: user.id, articleId });
    const exported = await exportAccountData(user.id);
    expect(exported.profile).toMatchObject({ name: user.fullName, email: user.email, role: "reader" });
    expect(exported.comments).toEqual([expect.objectContaining({ body: "Nice `code`", status: "approved" })]);
    expect(exported.readingList).toHaveLength(1);
    const text = JSON.stringify(exported);
    expect(text).not.toContain("argon2");
    expect(text).not.toMatch(/idHash|id_hash|passwordHash/);
  });

  describe("deleting the account", () => {
    it("needs the password; then the account goes and its comments stay as a deleted user's", async () => {
      const user = await newUser({ password: "delete-me-1" });
      const request = await signedIn(user.id);
      const [comment] = await handle.db
        .insert(comments)
        .values({ articleId, userId: user.id, body: "Stays", bodyHtml: "<p>Stays</p>" })
        .returning({ id: comments.id });
      await handle.db.insert(readingList).values({ userId: user.id, articleId });
      expect(await deleteAccount(user.id, {}, request)).toEqual({ status: "wrong-password" });
      expect(await deleteAccount(user.id, { password: "nope-nope" }, request)).toEqual({ status: "wrong-password" });
      expect(await deleteAccount(user.id, { password: "delete-me-1" }, request)).toEqual({ status: "deleted" });
      expect(await handle.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await sessionCount(user.id)).toBe(0);
      expect(await handle.db.select().from(readingList).where(eq(readingList.userId, user.id))).toEqual([]);
      const [kept] = await handle.db.select().from(comments).where(eq(comments.id, comment!.id));
      expect(kept).toMatchObject({ body: "Stays", userId: null });
    });

    it("an account without a password needs a sign-in within the last 10 minutes", async () => {
      const user = await newUser({ password: null });
      const request = await signedIn(user.id);
      await handle.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(eq(sessions.userId, user.id));
      expect(await deleteAccount(user.id, {}, request)).toEqual({ status: "sign-in-again" });
      const fresh = await signedIn(user.id);
      expect(await deleteAccount(user.id, {}, fresh)).toEqual({ status: "deleted" });
    });

    it("the site's last administrator cannot delete their account; with another one they can", async () => {
      // This database may hold administrators from other tests: make this one the only one.
      await handle.db.update(users).set({ role: "reader" }).where(eq(users.role, "administrator"));
      const admin = await newUser({ password: "admin-pass-1", role: "administrator" });
      const request = await signedIn(admin.id);
      expect(await deleteAccount(admin.id, { password: "admin-pass-1" }, request)).toEqual({
        status: "last-administrator",
      });
      expect(await handle.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
      await newUser({ role: "administrator" });
      expect(await deleteAccount(admin.id, { password: "admin-pass-1" }, request)).toEqual({ status: "deleted" });
    });
  });
});
