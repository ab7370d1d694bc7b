/**
 * Rate limits stored in the database, so they hold across instances and restarts.
 *
 * Fixed windows: a bucket (`rate_limits.key`) counts attempts since `window_starts_at`; the
 * first attempt after the window ends starts a new one. One atomic upsert per bucket both counts
 * and reads, so concurrent requests cannot slip past the limit. An attempt that turns out to be
 * fine (a correct password) is handed back with `release`, so sign-in buckets count failures.
 *
 * Sign-in uses three buckets (see docs/decisions/0005-accounts.md):
 * - per client address, across accounts (password spraying from one place);
 * - per account and client address (guessing one password from one place): the limit a typical
 *   attacker meets, and one the owner, signing in from elsewhere, never shares;
 * - per account, from anywhere (a distributed attack): a generous ceiling that browsers this
 *   account signed in from before (a "trusted device" cookie) skip, so hammering an account
 *   cannot lock its owner out of their own correct sign-in.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/db.server";
import { env } from "~/env.server";

export type Limit = { key: string; max: number; windowSeconds: number };
export type Policy = Omit<Limit, "key">;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit the accounts feature applies, in one place. */
export const POLICIES = {
  signInPerIp: { max: 50, windowSeconds: 15 * MINUTE },
  signInPerAccountAndIp: { max: 10, windowSeconds: 15 * MINUTE },
  signInPerAccount: { max: 100, windowSeconds: 15 * MINUTE },
  registerPerIp: { max: 10, windowSeconds: HOUR },
  mailPerIp: { max: 20, windowSeconds: HOUR },
  mailPerAddress: { max: 5, windowSeconds: HOUR },
  tokenFailuresPerIp: { max: 30, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, Policy>;

/** Trusted-device rows live this long after the last successful sign-in from that browser. */
export const TRUSTED_DEVICE_DAYS = 180;
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(POLICIES).map((policy) => policy.windowSeconds));

const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/** The account a limit is about: its normalised email, hashed (no addresses in this table). */
export function accountKey(email: string) {
  return digest(email.trim().toLowerCase());
}

export const limitFor = (policy: Policy, ...parts: string[]): Limit => ({ key: parts.join(":"), ...policy });

export type Hit = { key: string; windowStartsAt: string };
export type RateLimitResult = { ok: true; hits: Hit[] } | { ok: false; retryAfterSeconds: number; hits: Hit[] };

/** Counts one attempt in every bucket; refused when any bucket is over its limit. */
export async function hit(limits: Limit[]): Promise<RateLimitResult> {
  const db = await getDb();
  const hits: Hit[] = [];
  let retryAfterSeconds = 0;
  for (const limit of limits) {
    const window = sql`(${limit.windowSeconds}::int * interval '1 second')`;
    const [row] = await queryRows<{ count: number; window_starts_at: string; retry_after: number }>(
      db,
      sql`insert into rate_limits as r (key, count, window_starts_at) values (${limit.key}, 1, now())
          on conflict (key) do update set
            count = case when r.window_starts_at <= now() - ${window} then 1 else r.count + 1 end,
            window_starts_at = case when r.window_starts_at <= now() - ${window} then now() else r.window_starts_at end
          returning count, window_starts_at::text as window_starts_at,
            greatest(1, ceil(extract(epoch from (window_starts_at + ${window} - now()))))::int as retry_after`,
    );
    if (!row) throw new Error(`rate limit upsert returned nothing for ${limit.key}`);
    hits.push({ key: limit.key, windowStartsAt: row.window_starts_at });
    if (Number(row.count) > limit.max) retryAfterSeconds = Math.max(retryAfterSeconds, Number(row.retry_after));
  }
  if (Math.random() < 0.02) await pruneRateLimits();
  return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds, hits } : { ok: true, hits };
}

/** Hands attempts back (they succeeded); a bucket whose window has moved on is left alone. */
export async function release(hits: Hit[]) {
  const db = await getDb();
  for (const { key, windowStartsAt } of hits) {
    await db.execute(
      sql`update rate_limits set count = greatest(count - 1, 0)
          where key = ${key} and window_starts_at = ${windowStartsAt}::timestamptz`,
    );
  }
}

/** Forgets a bucket entirely (the owner proved themselves from this place). */
export async function resetLimit(key: string) {
  const db = await getDb();
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes windows that ended and trusted devices unused for TRUSTED_DEVICE_DAYS. */
export async function pruneRateLimits() {
  const db = await getDb();
  await db.execute(
    sql`delete from rate_limits
        where (key like 'trusted:%' and window_starts_at < now() - (${TRUSTED_DEVICE_DAYS}::int * interval '1 day'))
           or (key not like 'trusted:%' and window_starts_at < now() - (${LONGEST_WINDOW_SECONDS}::int * interval '1 second'))`,
  );
}

/** The spec's refusal, with N rounded up to whole minutes. */
export function tooManyAttemptsMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

// ---------------------------------------------------------------------------------------------
// Trusted devices: a random token in a long-lived cookie, remembered (hashed, per account) in
// this table after a successful password sign-in. Only the per-account ceiling honours it.

export const DEVICE_COOKIE_NAME = "dp_device";
const DEVICE_COOKIE_MAX_AGE = TRUSTED_DEVICE_DAYS * 24 * 60 * 60;
const trustedKey = (account: string, token: string) => `trusted:${digest(`${account}\n${token}`)}`;

export function newDeviceToken() {
  return randomBytes(24).toString("base64url");
}

export function readDeviceToken(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  const match = header.match(/(?:^|;\s*)dp_device=([A-Za-z0-9_-]{32})(?:;|$)/);
  return match?.[1] ?? null;
}

export function deviceCookie(token: string) {
  const secure = env().SITE_URL.startsWith("https:") ? "; Secure" : "";
  return `${DEVICE_COOKIE_NAME}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_COOKIE_MAX_AGE}${secure}`;
}

export async function trustDevice(account: string, token: string) {
  const db = await getDb();
  await db.execute(
    sql`insert into rate_limits (key, count, window_starts_at) values (${trustedKey(account, token)}, 0, now())
        on conflict (key) do update set window_starts_at = now()`,
  );
}

export async function isTrustedDevice(account: string, token: string | null) {
  if (!token) return false;
  const rows = await queryRows<{ one: number }>(
    await getDb(),
    sql`select 1 as one from rate_limits where key = ${trustedKey(account, token)}
        and window_starts_at > now() - (${TRUSTED_DEVICE_DAYS}::int * interval '1 day')`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
