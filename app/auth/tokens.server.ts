/**
 * Single-use tokens mailed to users (email verification, password reset). The link carries 32
 * random bytes; the database keeps only their SHA-256, so a leaked table opens nothing. Issuing a
 * new token of a purpose revokes the user's earlier ones, and consuming is one atomic UPDATE, so
 * a link works exactly once even when clicked twice at the same moment.
 */
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Runner } from "~/db/db.server";
import { userTokens } from "~/db/schema";
import { createSecretToken, hashSecretToken, isSecretToken } from "./secret-tokens.server";

export type TokenPurpose = "verify-email" | "reset-password" | "change-email";

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  "verify-email": 24 * 60 * 60 * 1000,
  "reset-password": 60 * 60 * 1000,
  "change-email": 24 * 60 * 60 * 1000,
};

/**
 * A fresh token for `userId`; earlier unused tokens of the same purpose stop working. Given `tx`,
 * it is written there (so the mail that carries it commits with it).
 */
export async function issueToken(
  userId: number,
  purpose: TokenPurpose,
  ttlMs = TOKEN_TTL_MS[purpose],
  payload: string | null = null,
  tx?: Runner,
) {
  const { token, hash } = createSecretToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  const write = async (runner: Runner) => {
    // Housekeeping and revocation in one statement: the user's used, expired or superseded rows go.
    await runner
      .delete(userTokens)
      .where(
        and(
          eq(userTokens.userId, userId),
          or(
            eq(userTokens.purpose, purpose),
            lt(userTokens.expiresAt, sql`now()`),
            sql`${userTokens.usedAt} is not null`,
          ),
        ),
      );
    await runner.insert(userTokens).values({ userId, purpose, tokenHash: hash, expiresAt, payload });
  };
  if (tx) await write(tx);
  else await (await getDb()).transaction((own) => write(own as unknown as Runner));
  return { token, expiresAt };
}

export type TokenState =
  | { status: "valid"; userId: number }
  | { status: "used"; userId: number }
  | { status: "invalid" };

/** Looks a token up without using it (to show the reset form only for a working link). */
export async function inspectToken(purpose: TokenPurpose, token: string): Promise<TokenState> {
  if (!isSecretToken(token)) return { status: "invalid" };
  const db = await getDb();
  const [row] = await db
    .select({
      userId: userTokens.userId,
      usedAt: userTokens.usedAt,
      live: sql<boolean>`${userTokens.expiresAt} > now()`,
    })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashSecretToken(token)), eq(userTokens.purpose, purpose)))
    .limit(1);
  if (!row?.live) return { status: "invalid" };
  return row.usedAt ? { status: "used", userId: row.userId } : { status: "valid", userId: row.userId };
}

/** Uses the token once: the user's id, or null when it is unknown, expired, used or for another purpose. */
export async function consumeToken(purpose: TokenPurpose, token: string): Promise<number | null> {
  return (await consumeTokenWithPayload(purpose, token))?.userId ?? null;
}

/** Like consumeToken, with what the token carries (change-email: the new address). */
export async function consumeTokenWithPayload(
  purpose: TokenPurpose,
  token: string,
): Promise<{ userId: number; payload: string | null } | null> {
  if (!isSecretToken(token)) return null;
  const db = await getDb();
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashSecretToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: userTokens.userId, payload: userTokens.payload });
  return row ?? null;
}
