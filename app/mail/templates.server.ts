/**
 * The account mails, each as plain text and HTML. Values are escaped; links are absolute
 * (SITE_URL). The HTML keeps to inline styles and tables-free markup that mail clients render.
 */
import type { MailMessage } from "./mailer.server";

export type MailSite = { siteName: string; siteUrl: string };

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type Section = { paragraphs: string[]; action?: { label: string; url: string }; after?: string[] };

function render(site: MailSite, to: string, subject: string, greeting: string, body: Section): MailMessage {
  const text = [
    greeting,
    "",
    ...body.paragraphs.flatMap((line) => [line, ""]),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ""] : []),
    ...(body.after ?? []).flatMap((line) => [line, ""]),
    `— ${site.siteName}`,
    site.siteUrl,
    "",
  ].join("\n");

  const p = (line: string) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;color:#111827;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e3e6eb;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:18px;font-weight:800;color:#4338ca">${escapeHtml(site.siteName)}</p>
${p(greeting)}
${body.paragraphs.map(p).join("\n")}
${
  body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(body.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all">If the button does not work, paste this address into your browser: ${escapeHtml(body.action.url)}</p>`
    : ""
}
${(body.after ?? []).map(p).join("\n")}
<p style="margin:24px 0 0;font-size:13px;color:#4b5563">— ${escapeHtml(site.siteName)}, <a href="${escapeHtml(site.siteUrl)}" style="color:#4338ca">${escapeHtml(site.siteUrl)}</a></p>
</div>
</body>
</html>
`;
  return { to, subject, text, html };
}

/** The layout every mail shares, for mails built elsewhere (app/mail/comment-mails.server.ts). */
export const renderMail = render;

const greet = (name: string) => `Hello ${name},`;

export function verifyEmailMail(
  site: MailSite,
  input: { to: string; name: string; url: string; validHours: number },
): MailMessage {
  return render(site, input.to, `Verify your email address for ${site.siteName}`, greet(input.name), {
    paragraphs: [`Thanks for creating an account on ${site.siteName}. Please confirm that this is your email address.`],
    action: { label: "Verify my email address", url: input.url },
    after: [
      `The link works once and expires in ${input.validHours} hours.`,
      "If you did not create an account, ignore this message: nothing happens without a click on the link.",
    ],
  });
}

/**
 * Someone registered with an address that already has an account. The visitor was told nothing;
 * the owner learns it here. An account that was never verified gets a link to set its password,
 * which also verifies it (a registration nobody proved must not keep a stranger's password).
 */
export function alreadyRegisteredMail(
  site: MailSite,
  input: {
    to: string;
    name: string;
    loginUrl: string;
    forgotUrl: string;
    setPasswordUrl?: string;
    validMinutes?: number;
  },
): MailMessage {
  if (input.setPasswordUrl) {
    return render(site, input.to, `Finish setting up your ${site.siteName} account`, greet(input.name), {
      paragraphs: [
        `Someone, probably you, tried to register on ${site.siteName} with this email address. An account with this address already exists but was never confirmed.`,
        "To finish setting it up, choose a password with the link below. This also confirms your email address.",
      ],
      action: { label: "Choose a password", url: input.setPasswordUrl },
      after: [
        `The link works once and expires in ${input.validMinutes ?? 60} minutes.`,
        "If this was not you, ignore this message.",
      ],
    });
  }
  return render(site, input.to, `You already have a ${site.siteName} account`, greet(input.name), {
    paragraphs: [
      `Someone, probably you, tried to register on ${site.siteName} with this email address. You already have an account, so nothing was changed.`,
      `Sign in at ${input.loginUrl}. If you forgot your password, you can reset it at ${input.forgotUrl}.`,
    ],
    action: { label: "Sign in", url: input.loginUrl },
    after: ["If this was not you, ignore this message: your account is unchanged."],
  });
}

export function passwordResetMail(
  site: MailSite,
  input: { to: string; name: string; url: string; validMinutes: number },
): MailMessage {
  return render(site, input.to, `Reset your ${site.siteName} password`, greet(input.name), {
    paragraphs: [`We received a request to reset the password of your ${site.siteName} account.`],
    action: { label: "Choose a new password", url: input.url },
    after: [
      `The link works once and expires in ${input.validMinutes} minutes. Setting a new password signs you out everywhere else.`,
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ],
  });
}

/** A contributor's submitted draft was approved: published now, or scheduled. */
export function submissionApprovedMail(
  site: MailSite,
  input: { to: string; name: string; title: string; url: string; scheduledFor: string | null },
): MailMessage {
  return render(site, input.to, `“${input.title}” was approved`, greet(input.name), {
    paragraphs: [
      input.scheduledFor
        ? `Your article “${input.title}” was approved and will be published on ${input.scheduledFor}.`
        : `Your article “${input.title}” was approved and is published.`,
    ],
    action: { label: input.scheduledFor ? "Open the article in the editor" : "Read it on the site", url: input.url },
  });
}

/** A contributor's submitted draft was returned with the editor's note. */
export function submissionReturnedMail(
  site: MailSite,
  input: { to: string; name: string; title: string; note: string; url: string },
): MailMessage {
  return render(site, input.to, `“${input.title}” was returned with a note`, greet(input.name), {
    paragraphs: [
      `Your article “${input.title}” was returned to you with this note from the editor:`,
      input.note,
      "Make the changes and submit it for review again when it is ready.",
    ],
    action: { label: "Open the draft", url: input.url },
  });
}

export function inviteMail(
  site: MailSite,
  input: { to: string; invitedBy: string; roleLabel: string; url: string; validDays: number },
): MailMessage {
  return render(site, input.to, `You are invited to join ${site.siteName}`, "Hello,", {
    paragraphs: [`${input.invitedBy} invites you to join ${site.siteName} as ${input.roleLabel.toLowerCase()}.`],
    action: { label: "Accept the invitation", url: input.url },
    after: [
      `The link works once and expires in ${input.validDays} days.`,
      "If you did not expect this invitation, ignore this message.",
    ],
  });
}

/** A Contact or Write for Us message, to one administrator (the inbox holds it too). */
export function newMessageMail(
  site: MailSite,
  input: {
    to: string;
    name: string;
    url: string;
    message: {
      kind: "contact" | "pitch";
      name: string;
      email: string;
      subject: string;
      body: string;
      details?: { proposedTitle: string; summary: string; links: string[] } | null;
    };
  },
): MailMessage {
  const { message } = input;
  const what = message.kind === "pitch" ? "Write for Us pitch" : "contact message";
  const lines =
    message.kind === "pitch" && message.details
      ? [
          `Proposed title: ${message.details.proposedTitle}`,
          `Summary: ${message.details.summary}`,
          ...(message.details.links.length > 0 ? [`Earlier writing: ${message.details.links.join(", ")}`] : []),
        ]
      : [`Subject: ${message.subject}`, message.body];
  return render(site, input.to, `New ${what} from ${message.name}`, greet(input.name), {
    paragraphs: [`${message.name} <${message.email}> sent a ${what}:`, ...lines],
    action: { label: "Open it in the inbox", url: input.url },
    after: [`Reply to ${message.email} to answer.`],
  });
}

/** Confirms a new address for an existing account (the link is mailed to the new address). */
export function changeEmailMail(
  site: MailSite,
  input: { to: string; name: string; url: string; validHours: number },
): MailMessage {
  return render(site, input.to, `Confirm your new email address for ${site.siteName}`, greet(input.name), {
    paragraphs: [`You asked to use this address for your ${site.siteName} account.`],
    action: { label: "Confirm my new address", url: input.url },
    after: [
      `The link works once and expires in ${input.validHours} hours.`,
      "If you did not ask for this, ignore this message: your account keeps its current address.",
    ],
  });
}
