import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecretToken as hashToken } from "~/auth/secret-tokens.server";
import { consumeToken, inspectToken, issueToken } from "~/auth/tokens.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { users, userTokens } from "~/db/schema";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("single-use tokens on %s", (kind) => {
  let handle: DatabaseHandle;
  let userId: number;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    const [user] = await handle.db
      .insert(users)
      .values({ email: "token@example.com", fullName: "Token Holder" })
      .returning({ id: users.id });
    userId = user!.id;
  });
  afterAll(async () => {
    await handle.close();
  });

  it("stores only the hash of a 256-bit token", async () => {
    const { token } = await issueToken(userId, "verify-email");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await handle.db
      .select({ tokenHash: userTokens.tokenHash })
      .from(userTokens)
      .where(eq(userTokens.userId, userId));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("works exactly once", async () => {
    const { token } = await issueToken(userId, "reset-password");
    expect(await inspectToken("reset-password", token)).toEqual({ status: "valid", userId });
    expect(await consumeToken("reset-password", token)).toBe(userId);
    expect(await consumeToken("reset-password", token)).toBeNull();
    expect(await inspectToken("reset-password", token)).toEqual({ status: "used", userId });
  });

  it("works once even when used twice at the same moment", async () => {
    const { token } = await issueToken(userId, "reset-password");
    const results = await Promise.all([consumeToken("reset-password", token), consumeToken("reset-password", token)]);
    expect(results.filter((result) => result === userId)).toHaveLength(1);
  });

  it("is refused for another purpose, when expired, or when made up", async () => {
    const { token } = await issueToken(userId, "verify-email");
    expect(await consumeToken("reset-password", token)).toBeNull();
    await handle.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(await inspectToken("verify-email", token)).toEqual({ status: "invalid" });
    expect(await consumeToken("verify-email", token)).toBeNull();
    expect(await consumeToken("verify-email", "A".repeat(43))).toBeNull();
    expect(await consumeToken("verify-email", "not a token\u0000")).toBeNull();
  });

  it("a newer token of the same purpose revokes the older one; other purposes are untouched", async () => {
    const reset = await issueToken(userId, "reset-password");
    const first = await issueToken(userId, "verify-email");
    const second = await issueToken(userId, "verify-email");
    expect(await consumeToken("verify-email", first.token)).toBeNull();
    expect(await consumeToken("verify-email", second.token)).toBe(userId);
    expect(await consumeToken("reset-password", reset.token)).toBe(userId);
  });

  it("the reset link lives one hour and the verification link a day", async () => {
    const reset = await issueToken(userId, "reset-password");
    const verify = await issueToken(userId, "verify-email");
    const hour = 60 * 60 * 1000;
    expect(Math.abs(reset.expiresAt.getTime() - Date.now() - hour)).toBeLessThan(5000);
    expect(Math.abs(verify.expiresAt.getTime() - Date.now() - 24 * hour)).toBeLessThan(5000);
  });
});
