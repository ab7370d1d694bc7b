/** Shared helpers for the accounts suites: an in-memory mailer and an accounts context. */
import type { AccountsContext } from "~/auth/accounts.server";
import type { Database } from "~/db/db.server";
import type { Mailer, MailMessage } from "~/mail/mailer.server";

export type MemoryMailer = Mailer & { sent: MailMessage[]; fail: boolean };

export function memoryMailer(): MemoryMailer {
  const mailer: MemoryMailer = {
    sent: [],
    fail: false,
    async send(message) {
      if (mailer.fail) throw new Error("SMTP said no");
      mailer.sent.push(message);
    },
  };
  return mailer;
}

export const SITE = { siteName: "DevPerspective", siteUrl: "https://devperspective.test" };

let nextAddress = 1;

/** A context with its own mailer and, unless given, its own client address (own rate-limit buckets). */
export function testContext(db: Database, clientIp?: string): AccountsContext & { mailer: MemoryMailer } {
  const n = nextAddress++;
  return { db, mailer: memoryMailer(), site: SITE, clientIp: clientIp ?? `10.99.${Math.floor(n / 256)}.${n % 256}` };
}

/** The token of the first link to `path` in a mail's text. */
export function tokenFrom(message: MailMessage | undefined, path: string): string {
  const match = message?.text.match(new RegExp(`${SITE.siteUrl}${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in ${message?.text}`);
  return match[1];
}

/** Lets background mail deliveries (deliverInBackground) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
