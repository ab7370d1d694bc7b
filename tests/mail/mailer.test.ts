import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, defaultSender } from "~/mail/mailer.server";
import { alreadyRegisteredMail, passwordResetMail, verifyEmailMail } from "~/mail/templates.server";
import { parseMail } from "../e2e/support/mime";

const site = { siteName: "DevPerspective", siteUrl: "https://devperspective.test" };
const message = verifyEmailMail(site, {
  to: "zoë@example.com",
  name: "Zoë <script>alert(1)</script>",
  url: "https://devperspective.test/verify-email?token=abc_DEF-123",
  validHours: 24,
});

describe("mail templates", () => {
  it("carry the link in text and HTML, and escape names in HTML", () => {
    expect(message.subject).toBe("Verify your email address for DevPerspective");
    expect(message.text).toContain("Hello Zoë <script>alert(1)</script>,");
    expect(message.text).toContain("https://devperspective.test/verify-email?token=abc_DEF-123");
    expect(message.html).toContain('href="https://devperspective.test/verify-email?token=abc_DEF-123"');
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&#60;script&#62;");
  });

  it("say what each mail is for", () => {
    const reset = passwordResetMail(site, {
      to: "a@b.co",
      name: "A",
      url: "https://x.test/reset-password?token=t",
      validMinutes: 60,
    });
    expect(reset.subject).toBe("Reset your DevPerspective password");
    expect(reset.text).toContain("expires in 60 minutes");
    const notice = alreadyRegisteredMail(site, {
      to: "a@b.co",
      name: "A",
      loginUrl: "https://x.test/login",
      forgotUrl: "https://x.test/forgot-password",
    });
    expect(notice.subject).toBe("You already have a DevPerspective account");
    expect(notice.text).not.toContain("token=");
    const finish = alreadyRegisteredMail(site, {
      to: "a@b.co",
      name: "A",
      loginUrl: "https://x.test/login",
      forgotUrl: "https://x.test/forgot-password",
      setPasswordUrl: "https://x.test/reset-password?token=t",
    });
    expect(finish.subject).toBe("Finish setting up your DevPerspective account");
  });

  it("the default sender is the site's name at its host", () => {
    expect(defaultSender("DevPerspective", "https://devperspective.example")).toBe(
      "DevPerspective <no-reply@devperspective.example>",
    );
    expect(defaultSender("Dev<Perspective>", "http://localhost:3000")).toBe(
      "DevPerspective <no-reply@localhost.localdomain>",
    );
  });
});

describe("without SMTP_URL: the outbox", () => {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "dp-outbox-"));
  afterAll(() => fs.rmSync(outbox, { recursive: true, force: true }));

  it("writes an .eml file with text and HTML parts and logs where", async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      from: "DevPerspective <no-reply@devperspective.test>",
      outboxDir: path.join(outbox, "outbox"),
      log: (line) => lines.push(line),
    });
    await mailer.send(message);
    const files = fs.readdirSync(path.join(outbox, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = parseMail(fs.readFileSync(path.join(outbox, "outbox", files[0]!), "utf8"));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from).toBe("DevPerspective <no-reply@devperspective.test>");
    expect(parsed.text).toContain("https://devperspective.test/verify-email?token=abc_DEF-123");
    expect(parsed.text).toContain("Hello Zoë");
    expect(parsed.html).toContain("<!doctype html>");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(files[0]);
    expect(lines[0]).toContain("zoë@example.com");
  });
});

describe("with SMTP_URL: nodemailer", () => {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the message to the SMTP server", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "DevPerspective <no-reply@devperspective.test>",
      outboxDir: "/nonexistent",
    });
    await mailer.send(message);
    expect(received).toHaveLength(1);
    const parsed = parseMail(received[0]!);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toContain("https://devperspective.test/verify-email?token=abc_DEF-123");
    expect(parsed.html).toContain("Verify my email address");
  });

  it("reports a refused delivery as an error", async () => {
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "x@y.test", outboxDir: "/nonexistent" });
    await expect(mailer.send(message)).rejects.toThrow();
  });
});
