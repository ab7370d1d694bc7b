/** Shared helpers for the accounts suites: a client with its own address and its own outbox. */
import { type Mailer, type MailMessage, setMailer } from "~/mail/mailer.server";

export const SITE = { siteName: "DevPerspective", siteUrl: "https://devperspective.test" };
// The accounts feature names the site in its mails from the environment, read once (env()):
// set before any test of a suite that imports this module runs.
process.env.SITE_NAME = SITE.siteName;
process.env.SITE_URL = SITE.siteUrl;

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

export type TestClient = { clientIp: string; mailer: MemoryMailer };

let nextAddress = 1;

/**
 * A client with, unless given, an address of its own (own rate-limit buckets), and an outbox of
 * its own: from now on the application's mail goes there (setMailer), until the next client.
 */
export function testClient(clientIp?: string): TestClient {
  const n = nextAddress++;
  const mailer = memoryMailer();
  setMailer(mailer);
  return { mailer, clientIp: clientIp ?? `10.99.${Math.floor(n / 256)}.${n % 256}` };
}

/** The token of the first link to `path` in a mail's text. */
export function tokenFrom(message: MailMessage | undefined, path: string): string {
  const match = message?.text.match(new RegExp(`${SITE.siteUrl}${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in ${message?.text}`);
  return match[1];
}

/** Lets background mail deliveries (deliverInBackground) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
