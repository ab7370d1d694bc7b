/** The mails of subscribing: the confirmation link (double opt-in) and "you are already subscribed". */
import type { MailMessage } from "~/mail/mailer.server";
import { type MailSite, renderMail } from "~/mail/templates.server";
import { CONFIRM_VALID_DAYS } from "./links.server";

/** "everything", or the topics by name: "CSS, React and Ada Lovelace". */
export function describeTopics(topics: { everything: boolean; names: string[] }) {
  if (topics.everything || topics.names.length === 0) return "every new article";
  const names = topics.names;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `new articles on ${list}`;
}

export function confirmSubscriptionMail(
  site: MailSite,
  input: { to: string; url: string; topics: string },
): MailMessage {
  return renderMail(site, input.to, `Confirm your subscription to ${site.siteName}`, "Hello,", {
    paragraphs: [
      `Someone, probably you, asked to receive ${input.topics} from ${site.siteName} at this address.`,
      "Confirm it and they will come by email; you can change your topics or unsubscribe from any newsletter.",
    ],
    action: { label: "Confirm my subscription", url: input.url },
    after: [
      `The link expires in ${CONFIRM_VALID_DAYS} days.`,
      "If you did not ask for this, ignore this message: nothing is sent without a click on the link.",
    ],
  });
}

export function alreadySubscribedMail(site: MailSite, input: { to: string; manageUrl: string }): MailMessage {
  return renderMail(site, input.to, `You are already subscribed to ${site.siteName}`, "Hello,", {
    paragraphs: [
      `Someone, probably you, asked to subscribe this address to ${site.siteName}'s newsletter. It already is.`,
      "You can change your topics, switch to a weekly digest or unsubscribe here:",
    ],
    action: { label: "Manage my subscription", url: input.manageUrl },
    after: ["If you did not ask for this, ignore this message: nothing changed."],
  });
}
