/**
 * The mail adapter: SMTP through nodemailer when SMTP_URL is set; otherwise each message is
 * written to DATA_DIR/outbox/ as an .eml file (openable in any mail client) and logged, so a
 * fresh clone can register and reset passwords without a mail server.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/env.server";
import { logger } from "~/observability/logger.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe for notification mails). */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
};

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log?: (line: string) => void;
};

/** "DevPerspective <no-reply@host>" unless MAIL_FROM says otherwise. */
export function defaultSender(siteName: string, siteUrl: string) {
  const host = new URL(siteUrl).hostname;
  const domain = host.includes(".") ? host : `${host}.localdomain`;
  return `${siteName.replace(/[<>"\r\n]/g, "")} <no-reply@${domain}>`;
}

// Plain ASCII transfer encodings that any reader decodes: quoted-printable text is still
// readable in the raw .eml, and nothing depends on 8-bit transport.
const MESSAGE_DEFAULTS = { textEncoding: "quoted-printable" as const };

export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((line: string) => logger().info({ event: "mail" }, line));
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ ...MESSAGE_DEFAULTS, from: options.from, ...message });
      },
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await composer.sendMail({ ...MESSAGE_DEFAULTS, from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log(`no SMTP_URL: "${message.subject}" to ${message.to} written to ${file}`);
    },
  };
}

type Holder = { mailer?: Mailer };
const globals = globalThis as { __devperspectiveMailer?: Holder };
globals.__devperspectiveMailer ??= {};
const holder: Holder = globals.__devperspectiveMailer;

/** The application's mailer, configured from SMTP_URL, MAIL_FROM and DATA_DIR. */
export function getMailer(): Mailer {
  if (!holder.mailer) {
    const config = env();
    holder.mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM ?? defaultSender(config.SITE_NAME, config.SITE_URL),
      outboxDir: path.resolve(config.DATA_DIR, "outbox"),
    });
  }
  return holder.mailer;
}

/** Lets tests (and scripts) send the application's mail through a mailer of their own. */
export function setMailer(mailer: Mailer) {
  holder.mailer = mailer;
}

/** For mails a request must not wait on or fail for (notifications): failures are logged, not thrown. */
export function sendMailInBackground(message: MailMessage) {
  getMailer()
    .send(message)
    .catch((error: unknown) => {
      logger().error({ err: error, event: "mail", subject: message.subject }, `could not send "${message.subject}"`);
    });
}
