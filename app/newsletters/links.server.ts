/**
 * The links a subscriber gets by mail.
 *
 * - Confirmation (double opt-in): a secret token (app/auth/secret-tokens.server.ts), only its hash
 *   stored on the subscriber; it expires after CONFIRM_VALID_DAYS and a newer one replaces it.
 * - Manage and unsubscribe: every newsletter carries them, and the fan-out writes them for each
 *   subscriber, so they cannot be random tokens stored hashed. They are signed instead:
 *   `{subscriberId}.{HMAC}` keyed by the site's unsubscribe secret (the one comment mails'
 *   one-click links use, app/comments/unsubscribe.server.ts). No expiry: an old mail's link still
 *   manages or ends the subscription, and that is all it can do.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { unsubscribeSecret } from "~/comments/unsubscribe.server";
import { env } from "~/env.server";
import { subscriptionHref, subscriptionUnsubscribeHref, subscribeConfirmHref } from "~/lib/urls";

export const CONFIRM_VALID_DAYS = 7;

function mac(secret: string, subscriberId: number) {
  return createHmac("sha256", secret).update(`newsletter:${subscriberId}`).digest("base64url");
}

/** The subscriber a manage token names, or null when it is not one of ours (tampered, made up). */
export async function readManageToken(token: string | undefined): Promise<number | null> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return null;
  const id = Number(match[1]);
  if (id < 1 || id > 2_147_483_647) return null;
  const expected = Buffer.from(mac(await unsubscribeSecret(), id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * Reads the signing secret once for this database (it is then kept): call it before a
 * transaction that makes links, since a query outside the open transaction would wait for it.
 */
export async function prepareLinks() {
  await unsubscribeSecret();
}

export type SubscriberLinks = { manageUrl: string; unsubscribeUrl: string };

/** The absolute manage and unsubscribe addresses of subscribers (the fan-out: many at once; one secret read). */
export async function linksFor(ids: number[]): Promise<Map<number, SubscriberLinks>> {
  const secret = await unsubscribeSecret();
  const site = env().SITE_URL;
  return new Map(
    ids.map((id) => {
      const token = `${id}.${mac(secret, id)}`;
      return [
        id,
        {
          manageUrl: `${site}${subscriptionHref(token)}`,
          unsubscribeUrl: `${site}${subscriptionUnsubscribeHref(token)}`,
        },
      ];
    }),
  );
}

export function confirmUrl(token: string) {
  return `${env().SITE_URL}${subscribeConfirmHref(token)}`;
}
