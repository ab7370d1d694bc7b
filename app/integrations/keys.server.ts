/**
 * An integration's keys in Ghost's formats, and the Admin API's token as Ghost checks it.
 *
 * - Content API key: 26 hex characters, sent as `?key=`.
 * - Admin API key: `{24 hex id}:{64 hex secret}`. The client never sends the secret: it signs a
 *   JWT (HS256, keyed with the hex-decoded secret, header `kid` = the id, `aud` = `/admin/` or a
 *   versioned form) and sends `Authorization: Ghost {token}`. A token lives at most 5 minutes
 *   (`exp - iat`), a small clock skew is allowed, and one issued in the future is refused.
 */
import { randomBytes } from "node:crypto";
import { decodeProtectedHeader, jwtVerify } from "jose";

export const CONTENT_KEY_PATTERN = /^[0-9a-f]{26}$/;
export const ADMIN_KEY_PATTERN = /^([0-9a-f]{24}):([0-9a-f]{64})$/;

export function newContentKey(): string {
  return randomBytes(13).toString("hex");
}

export function newAdminKey(): { id: string; secret: string } {
  return { id: randomBytes(12).toString("hex"), secret: randomBytes(32).toString("hex") };
}

export function adminKeyText(key: { id: string; secret: string }): string {
  return `${key.id}:${key.secret}`;
}

/** The audiences Ghost's clients sign for: `/admin/`, and the versioned paths' forms. */
const AUDIENCE = /^\/(?:(?:v[2-6](?:\.\d+)?|canary)\/)?admin\/$/;
const MAX_LIFETIME_SECONDS = 5 * 60;
const CLOCK_SKEW_SECONDS = 30;

export type TokenRefusal =
  | "missing"
  | "malformed"
  | "unknown key"
  | "bad signature"
  | "expired"
  | "future"
  | "too long"
  | "audience";

/** Why a token was refused, in the words of the API's 401. */
export const TOKEN_REFUSALS: Record<TokenRefusal, string> = {
  missing: 'Authorization header format is "Authorization: Ghost [token]"',
  malformed: "Invalid token: the JWT could not be read",
  "unknown key": "Unknown Admin API Key",
  "bad signature": "Invalid token: invalid signature",
  expired: "Invalid token: jwt expired",
  future: "Invalid token: issued in the future",
  "too long": "Invalid token: a token may live at most 5 minutes",
  audience: "Invalid token: jwt audience invalid",
};

/** The token of `Authorization: Ghost {token}`, or null. */
export function ghostToken(header: string | null): string | null {
  const match = header?.match(/^Ghost ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/);
  return match?.[1] ?? null;
}

/**
 * Checks an Admin API token: `secretFor(kid)` gives the key's secret (hex) or null. Answers the
 * key id, or why the token is refused.
 */
export async function verifyAdminToken(
  token: string,
  secretFor: (keyId: string) => Promise<string | null>,
  now = Date.now(),
): Promise<{ ok: true; keyId: string } | { ok: false; refusal: TokenRefusal }> {
  let kid: unknown;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== "HS256") return { ok: false, refusal: "malformed" };
    kid = header.kid;
  } catch {
    return { ok: false, refusal: "malformed" };
  }
  if (typeof kid !== "string" || !/^[0-9a-f]{24}$/.test(kid)) return { ok: false, refusal: "unknown key" };
  const secret = await secretFor(kid);
  if (!secret) return { ok: false, refusal: "unknown key" };
  try {
    const { payload } = await jwtVerify(token, Buffer.from(secret, "hex"), {
      algorithms: ["HS256"],
      currentDate: new Date(now),
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.some((aud) => typeof aud === "string" && AUDIENCE.test(aud))) {
      return { ok: false, refusal: "audience" };
    }
    const nowSeconds = Math.floor(now / 1000);
    if (typeof payload.iat !== "number" || typeof payload.exp !== "number") return { ok: false, refusal: "malformed" };
    if (payload.iat > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, refusal: "future" };
    if (payload.exp - payload.iat > MAX_LIFETIME_SECONDS) return { ok: false, refusal: "too long" };
    return { ok: true, keyId: kid };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_JWT_EXPIRED") return { ok: false, refusal: "expired" };
    if (code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") return { ok: false, refusal: "bad signature" };
    if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED") return { ok: false, refusal: "future" };
    return { ok: false, refusal: "malformed" };
  }
}
