/**
 * Secret tokens, one way for every link and cookie that carries one: sessions, mailed links
 * (email verification, password reset, email change), preview links, invitations and the setup
 * link. A token is 32 random bytes in base64url (43 characters); the database keeps only its
 * SHA-256 in hex, so a leaked table opens nothing. This module imports nothing of the app: any
 * domain module may use it.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The shape of every token this module makes: anything else is refused before a query. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: its SHA-256, hex. */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh token (for the link or cookie) and its hash (for the database). */
export function createSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecretToken(token) };
}

/** True when `value` has the shape of a token (checked before hashing or querying). */
export function isSecretToken(value: string): boolean {
  return SECRET_TOKEN_PATTERN.test(value);
}

/** Constant-time comparison of a presented token with a stored hash. */
export function secretTokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash || !isSecretToken(token)) return false;
  const given = Buffer.from(hashSecretToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
