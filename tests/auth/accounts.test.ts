import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  inspectVerification,
  signInWithPassword,
  verifyEmail,
} from "~/auth/accounts.server";
import { verifyPassword } from "~/auth/password.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { mailOutbox, sessions, users } from "~/db/schema";
import { deliverDueMail } from "~/mail/outbox.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { settle, type TestClient, testClient, tokenFrom } from "./support";

describe.each(testDatabaseKinds())("accounts on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  const userByEmail = async (email: string) => {
    const [user] = await handle.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return user;
  };
  const register = (client: TestClient, email: string, password = "secret12", name = "Ada Lovelace") =>
    registerAccount({ name, email, password }, client.clientIp);

  describe("register and verify", () => {
    it("creates an unverified account with a hashed password and mails a verification link", async () => {
      const ctx = testClient();
      expect(await register(ctx, "Ada@Example.com")).toEqual({ status: "ok" });
      const user = await userByEmail("ada@example.com");
      expect(user?.email).toBe("Ada@Example.com");
      expect(user?.emailVerifiedAt).toBeNull();
      expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(user!.passwordHash!, "secret12")).toBe(true);
      expect(ctx.mailer.sent).toHaveLength(1);
      const [mail] = ctx.mailer.sent;
      expect(mail?.to).toBe("Ada@Example.com");
      expect(mail?.subject).toBe("Verify your email address for DevPerspective");
      expect(mail?.html).toContain("https://devperspective.test/verify-email?token=");
    });

    it("the link verifies the address once", async () => {
      const ctx = testClient();
      await register(ctx, "verify-once@example.com");
      const token = tokenFrom(ctx.mailer.sent[0], "/verify-email");
      const result = await verifyEmail(token, ctx.clientIp);
      expect(result.status).toBe("verified");
      expect((await userByEmail("verify-once@example.com"))?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyEmail(token, ctx.clientIp)).toEqual({ status: "used" });
      expect(await verifyEmail("x".repeat(43), ctx.clientIp)).toEqual({ status: "invalid" });
    });

    it("looking a link up (the GET) neither uses it nor verifies the address", async () => {
      const ctx = testClient();
      await register(ctx, "inspect-only@example.com");
      const token = tokenFrom(ctx.mailer.sent[0], "/verify-email");
      expect(await inspectVerification(token, ctx.clientIp)).toEqual({ status: "valid" });
      expect(await inspectVerification(token, ctx.clientIp)).toEqual({ status: "valid" });
      expect((await userByEmail("inspect-only@example.com"))?.emailVerifiedAt).toBeNull();
      expect((await verifyEmail(token, ctx.clientIp)).status).toBe("verified");
      expect(await inspectVerification(token, ctx.clientIp)).toEqual({ status: "used" });
      expect(await inspectVerification("y".repeat(43), ctx.clientIp)).toEqual({ status: "invalid" });
    });

    it("a taken address answers the same, changes nothing, and mails the owner instead", async () => {
      const first = testClient();
      await register(first, "taken@example.com", "original1", "Original Owner");
      await verifyEmail(tokenFrom(first.mailer.sent[0], "/verify-email"), first.clientIp);
      const before = await userByEmail("taken@example.com");

      const second = testClient();
      expect(await register(second, "TAKEN@example.com", "intruder1", "Intruder")).toEqual({ status: "ok" });
      const after = await userByEmail("taken@example.com");
      expect(after).toEqual(before);
      expect(second.mailer.sent).toHaveLength(1);
      expect(second.mailer.sent[0]?.subject).toBe("You already have a DevPerspective account");
      expect(second.mailer.sent[0]?.to).toBe("taken@example.com");
      expect(second.mailer.sent[0]?.text).toContain("https://devperspective.test/forgot-password");
      const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
        handle.db,
        sql`select count(*)::int as count from users where lower(email) = 'taken@example.com'`,
      );
      expect(count).toBe(1);
    });

    it("a taken but never verified address gets a link to choose a password, which verifies it", async () => {
      const squatter = testClient();
      await register(squatter, "pending@example.com", "squatter1");
      const owner = testClient();
      await register(owner, "pending@example.com", "owner-pass1");
      expect(owner.mailer.sent[0]?.subject).toBe("Finish setting up your DevPerspective account");
      const token = tokenFrom(owner.mailer.sent[0], "/reset-password");
      const reset = await resetPassword({ token, password: "owner-pass1" }, owner.clientIp);
      expect(reset.status).toBe("ok");
      const user = await userByEmail("pending@example.com");
      expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(user!.passwordHash!, "squatter1")).toBe(false);
      expect(await verifyPassword(user!.passwordHash!, "owner-pass1")).toBe(true);
    });

    it("a mail server failure never fails the registration: the mail waits in the outbox and goes later", async () => {
      const ctx = testClient();
      ctx.mailer.fail = true;
      expect(await register(ctx, "smtp-down@example.com")).toEqual({ status: "ok" });
      expect(ctx.mailer.sent).toHaveLength(0);
      const [queued] = await handle.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, "smtp-down@example.com"));
      expect(queued).toMatchObject({ kind: "verify-email", status: "pending", attempts: 1 });
      expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(queued!.lastError).toContain("SMTP said no");
      // The server answers again; the retry falls due.
      ctx.mailer.fail = false;
      await handle.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, queued!.id));
      expect(await deliverDueMail(handle.db)).toMatchObject({ sent: 1 });
      expect(ctx.mailer.sent[0]?.subject).toBe("Verify your email address for DevPerspective");
      expect(ctx.mailer.sent[0]?.messageId).toBe(queued!.messageId);
      // A new link can still be asked for.
      expect(await resendVerification("smtp-down@example.com", ctx.clientIp)).toEqual({ status: "ok" });
      expect(ctx.mailer.sent).toHaveLength(2);
    });

    it("resending is silent for unknown and already verified addresses", async () => {
      const ctx = testClient();
      expect(await resendVerification("nobody@example.com", ctx.clientIp)).toEqual({ status: "ok" });
      expect(await resendVerification("taken@example.com", ctx.clientIp)).toEqual({ status: "ok" });
      await settle();
      expect(ctx.mailer.sent).toHaveLength(0);
    });

    it("limits registrations per address and per client", async () => {
      const ctx = testClient("198.51.100.77");
      const results = [];
      for (let i = 0; i < 6; i++) results.push((await register(ctx, "bombed@example.com")).status);
      // mailPerAddress allows 5 mails an hour to one address.
      expect(results).toEqual(["ok", "ok", "ok", "ok", "ok", "rate-limited"]);
      const busy = testClient("198.51.100.78");
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await register(busy, `many-${i}@example.com`)).status);
      expect(statuses.slice(0, 10).every((status) => status === "ok")).toBe(true);
      expect(statuses[10]).toBe("rate-limited");
    });
  });

  describe("sign in", () => {
    let verifiedId: number;
    beforeAll(async () => {
      const ctx = testClient();
      await register(ctx, "signin@example.com", "right-password", "Sign In");
      const result = await verifyEmail(tokenFrom(ctx.mailer.sent[0], "/verify-email"), ctx.clientIp);
      if (result.status !== "verified") throw new Error("setup failed");
      verifiedId = result.userId;
    });

    it("the right password signs in (any case of the email) and trusts the device", async () => {
      const result = await signInWithPassword(
        {
          email: " SIGNIN@example.com ",
          password: "right-password",
          deviceToken: null,
        },
        testClient().clientIp,
      );
      expect(result).toMatchObject({ status: "ok", userId: verifiedId });
      if (result.status === "ok") expect(result.deviceToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    });

    it("a wrong password and an unknown email give the same answer", async () => {
      const ctx = testClient("192.0.2.50");
      expect(
        await signInWithPassword(
          { email: "signin@example.com", password: "wrong-password", deviceToken: null },
          ctx.clientIp,
        ),
      ).toEqual({ status: "invalid" });
      expect(
        await signInWithPassword(
          { email: "ghost@example.com", password: "wrong-password", deviceToken: null },
          ctx.clientIp,
        ),
      ).toEqual({ status: "invalid" });
    });

    it("an unknown email costs a password hash too (timing reveals nothing)", async () => {
      const ctx = testClient("192.0.2.51");
      const time = async (email: string) => {
        const started = performance.now();
        await signInWithPassword({ email, password: "wrong-password", deviceToken: null }, ctx.clientIp);
        return performance.now() - started;
      };
      await time("ghost@example.com"); // warm the dummy hash
      // The fastest of several tries each, taken in turns, so a busy machine (whose load changes
      // from one second to the next) does not decide the comparison.
      let known = Number.POSITIVE_INFINITY;
      let unknown = Number.POSITIVE_INFINITY;
      for (let attempt = 2; attempt <= 6; attempt++) {
        known = Math.min(known, await time("signin@example.com"));
        unknown = Math.min(unknown, await time(`ghost${attempt}@example.com`));
      }
      expect(unknown).toBeGreaterThan(known * 0.5);
    });

    it("an account without a password (OAuth only) is refused like a wrong password", async () => {
      await handle.db
        .insert(users)
        .values({ email: "oauth-only@example.com", fullName: "OAuth Only", emailVerifiedAt: sql`now()` });
      const result = await signInWithPassword(
        {
          email: "oauth-only@example.com",
          password: "anything1",
          deviceToken: null,
        },
        testClient().clientIp,
      );
      expect(result).toEqual({ status: "invalid" });
    });

    it("the right password of an unverified account learns it must verify first", async () => {
      const ctx = testClient();
      await register(ctx, "unverified@example.com", "right-password");
      expect(
        await signInWithPassword(
          {
            email: "unverified@example.com",
            password: "right-password",
            deviceToken: null,
          },
          ctx.clientIp,
        ),
      ).toEqual({
        status: "unverified",
        email: "unverified@example.com",
      });
      expect(
        await signInWithPassword(
          {
            email: "unverified@example.com",
            password: "wrong-password",
            deviceToken: null,
          },
          ctx.clientIp,
        ),
      ).toEqual({
        status: "invalid",
      });
    });

    it("10 failures from one place lock that place out, but not the owner elsewhere", async () => {
      const attacker = testClient("192.0.2.66");
      for (let i = 0; i < 10; i++) {
        expect(
          (
            await signInWithPassword(
              {
                email: "signin@example.com",
                password: `guess-${i}`,
                deviceToken: null,
              },
              attacker.clientIp,
            )
          ).status,
        ).toBe("invalid");
      }
      const locked = await signInWithPassword(
        {
          email: "signin@example.com",
          password: "right-password",
          deviceToken: null,
        },
        attacker.clientIp,
      );
      expect(locked.status).toBe("rate-limited");
      if (locked.status === "rate-limited") expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60);
      const owner = testClient("198.51.100.5");
      expect(
        (
          await signInWithPassword(
            {
              email: "signin@example.com",
              password: "right-password",
              deviceToken: null,
            },
            owner.clientIp,
          )
        ).status,
      ).toBe("ok");
    });

    it("a distributed attack trips the account ceiling, which the owner's trusted browser skips", async () => {
      const policies = {
        perIp: { max: 50, windowSeconds: 900 },
        perAccountAndIp: { max: 10, windowSeconds: 900 },
        perAccount: { max: 5, windowSeconds: 900 },
      };
      const setup = testClient();
      await register(setup, "besieged@example.com", "right-password");
      await verifyEmail(tokenFrom(setup.mailer.sent[0], "/verify-email"), setup.clientIp);
      const email = "besieged@example.com";
      const home = testClient("198.51.100.9");
      const first = await signInWithPassword(
        { email, password: "right-password", deviceToken: null },
        home.clientIp,
        policies,
      );
      if (first.status !== "ok") throw new Error("owner could not sign in");
      for (let i = 0; i < 6; i++) {
        const bot = testClient(`203.0.113.${100 + i}`);
        await signInWithPassword({ email, password: `guess-${i}`, deviceToken: null }, bot.clientIp, policies);
      }
      const newPlace = testClient("198.51.100.200");
      const stranger = await signInWithPassword(
        { email, password: "right-password", deviceToken: null },
        newPlace.clientIp,
        policies,
      );
      expect(stranger.status).toBe("rate-limited");
      const trusted = await signInWithPassword(
        { email, password: "right-password", deviceToken: first.deviceToken },
        home.clientIp,
        policies,
      );
      expect(trusted.status).toBe("ok");
      // A stolen-looking device token for another account does not help.
      const other = await signInWithPassword(
        { email, password: "right-password", deviceToken: "A".repeat(32) },
        newPlace.clientIp,
        policies,
      );
      expect(other.status).toBe("rate-limited");
    });

    it("a success clears the failures counted for that account from that place", async () => {
      const ctx = testClient("192.0.2.88");
      for (let i = 0; i < 9; i++)
        await signInWithPassword(
          { email: "signin@example.com", password: "nope-nope", deviceToken: null },
          ctx.clientIp,
        );
      expect(
        (
          await signInWithPassword(
            { email: "signin@example.com", password: "right-password", deviceToken: null },
            ctx.clientIp,
          )
        ).status,
      ).toBe("ok");
      for (let i = 0; i < 9; i++) {
        expect(
          (
            await signInWithPassword(
              { email: "signin@example.com", password: "nope-nope", deviceToken: null },
              ctx.clientIp,
            )
          ).status,
        ).toBe("invalid");
      }
    });
  });

  describe("password reset", () => {
    it("mails a one-hour link only to existing accounts", async () => {
      const ctx = testClient();
      await register(ctx, "forgetful@example.com", "old-password");
      const asked = testClient();
      expect(await requestPasswordReset("Forgetful@example.com", asked.clientIp)).toEqual({ status: "ok" });
      expect(await requestPasswordReset("stranger@example.com", asked.clientIp)).toEqual({ status: "ok" });
      await settle();
      expect(asked.mailer.sent).toHaveLength(1);
      expect(asked.mailer.sent[0]?.subject).toBe("Reset your DevPerspective password");
      expect(asked.mailer.sent[0]?.text).toContain("expires in 60 minutes");
    });

    it("sets the password once, verifies the address and ends every session", async () => {
      const ctx = testClient();
      await register(ctx, "resetter@example.com", "old-password");
      const user = await userByEmail("resetter@example.com");
      await handle.db.insert(sessions).values([
        { idHash: `a-${user!.id}`, userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) },
        { idHash: `b-${user!.id}`, userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) },
      ]);
      await requestPasswordReset("resetter@example.com", ctx.clientIp);
      await settle();
      const token = tokenFrom(ctx.mailer.sent.at(-1), "/reset-password");
      expect(await resetPassword({ token, password: "new-password" }, ctx.clientIp)).toEqual({
        status: "ok",
        userId: user!.id,
      });
      expect(await resetPassword({ token, password: "third-password" }, ctx.clientIp)).toEqual({ status: "invalid" });
      const after = await userByEmail("resetter@example.com");
      expect(await verifyPassword(after!.passwordHash!, "new-password")).toBe(true);
      expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
      const signIn = await signInWithPassword(
        {
          email: "resetter@example.com",
          password: "new-password",
          deviceToken: null,
        },
        ctx.clientIp,
      );
      expect(signIn.status).toBe("ok");
    });
  });
});
