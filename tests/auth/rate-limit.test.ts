import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hit,
  isTrustedDevice,
  limitFor,
  newDeviceToken,
  pruneRateLimits,
  release,
  resetLimit,
  tooManyAttemptsMessage,
  trustDevice,
} from "~/auth/rate-limit.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe("tooManyAttemptsMessage", () => {
  it("rounds up to whole minutes, in the spec's words", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many attempts. Try again in 1 minute.");
  });
});

describe.each(testDatabaseKinds())("database rate limits on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  const policy = { max: 3, windowSeconds: 900 };
  const ageWindow = (key: string, seconds: number) =>
    handle.db.execute(
      sql`update rate_limits set window_starts_at = now() - (${seconds}::int * interval '1 second') where key = ${key}`,
    );

  it("allows max attempts in a window, then refuses with the time left", async () => {
    const limit = limitFor(policy, "t", "basic");
    for (let i = 0; i < 3; i++) expect((await hit([limit])).ok).toBe(true);
    const refused = await hit([limit]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(890);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
  });

  it("starts a new window once the old one has ended", async () => {
    const limit = limitFor(policy, "t", "expiry");
    for (let i = 0; i < 4; i++) await hit([limit]);
    await ageWindow(limit.key, 600);
    const stillRefused = await hit([limit]);
    expect(stillRefused.ok).toBe(false);
    if (!stillRefused.ok) expect(stillRefused.retryAfterSeconds).toBeLessThanOrEqual(300);
    await ageWindow(limit.key, 901);
    expect((await hit([limit])).ok).toBe(true);
    const [row] = await queryRows<{ count: number }>(
      handle.db,
      sql`select count from rate_limits where key = ${limit.key}`,
    );
    expect(Number(row?.count)).toBe(1);
  });

  it("refuses when any one of several buckets is full", async () => {
    const roomy = limitFor({ max: 100, windowSeconds: 900 }, "t", "roomy");
    const tight = limitFor({ max: 1, windowSeconds: 60 }, "t", "tight");
    expect((await hit([roomy, tight])).ok).toBe(true);
    const second = await hit([roomy, tight]);
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("release hands attempts back, so only failures count", async () => {
    const limit = limitFor(policy, "t", "release");
    for (let i = 0; i < 10; i++) {
      const result = await hit([limit]);
      expect(result.ok).toBe(true);
      await release(result.hits);
    }
    const [row] = await queryRows<{ count: number }>(
      handle.db,
      sql`select count from rate_limits where key = ${limit.key}`,
    );
    expect(Number(row?.count)).toBe(0);
  });

  it("release leaves a newer window alone", async () => {
    const limit = limitFor(policy, "t", "stale-release");
    const first = await hit([limit]);
    await ageWindow(limit.key, 1000);
    await hit([limit]); // a new window, count 1
    await release(first.hits);
    const [row] = await queryRows<{ count: number }>(
      handle.db,
      sql`select count from rate_limits where key = ${limit.key}`,
    );
    expect(Number(row?.count)).toBe(1);
  });

  it("counts concurrent attempts exactly", async () => {
    const limit = limitFor({ max: 5, windowSeconds: 900 }, "t", "concurrent");
    const results = await Promise.all(Array.from({ length: 12 }, () => hit([limit])));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
  });

  it("resetLimit forgets a bucket", async () => {
    const limit = limitFor({ max: 1, windowSeconds: 900 }, "t", "reset");
    await hit([limit]);
    expect((await hit([limit])).ok).toBe(false);
    await resetLimit(limit.key);
    expect((await hit([limit])).ok).toBe(true);
  });

  it("trusts a device for one account only, and forgets it after 180 days", async () => {
    const token = newDeviceToken();
    expect(await isTrustedDevice("account-a", token)).toBe(false);
    await trustDevice("account-a", token);
    expect(await isTrustedDevice("account-a", token)).toBe(true);
    expect(await isTrustedDevice("account-b", token)).toBe(false);
    expect(await isTrustedDevice("account-a", newDeviceToken())).toBe(false);
    expect(await isTrustedDevice("account-a", null)).toBe(false);
    await handle.db.execute(
      sql`update rate_limits set window_starts_at = now() - interval '181 days' where key like 'trusted:%'`,
    );
    expect(await isTrustedDevice("account-a", token)).toBe(false);
  });

  it("pruning removes ended windows and stale devices, and keeps live ones", async () => {
    const live = limitFor(policy, "t", "prune-live");
    const ended = limitFor(policy, "t", "prune-ended");
    await hit([live, ended]);
    await ageWindow(ended.key, 2 * 60 * 60);
    const device = newDeviceToken();
    await trustDevice("account-p", device);
    await pruneRateLimits();
    const keys = (await queryRows<{ key: string }>(handle.db, sql`select key from rate_limits`)).map((row) => row.key);
    expect(keys).toContain(live.key);
    expect(keys).not.toContain(ended.key);
    expect(await isTrustedDevice("account-p", device)).toBe(true);
  });
});
