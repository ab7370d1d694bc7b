/**
 * "Send me a test" in the article editor: the newsletter of what the form holds now (saved or
 * not), rendered exactly as subscribers will get it, queued to the editor's own address.
 */
import { env } from "~/env.server";
import { withMail } from "~/mail/outbox.server";
import { fillVars } from "~/mail/shared-bodies.server";
import { siteSettings } from "~/settings/settings.server";
import { type NewsletterArticle, newsletterHeaders, renderNewsletter } from "./newsletter-mail.server";

export async function sendNewsletterTest(to: string, article: NewsletterArticle) {
  const site = { siteName: siteSettings().siteName, siteUrl: env().SITE_URL };
  const mail = renderNewsletter(site, article, { test: true });
  // A test has no subscriber: its links go to the account page, where the editor's own subscription is.
  const vars = { manageUrl: `${site.siteUrl}/account`, unsubscribeUrl: `${site.siteUrl}/account` };
  await withMail(async (_tx, queue) =>
    queue("newsletter-test", {
      to,
      subject: mail.subject,
      text: fillVars(mail.text, vars, false),
      html: fillVars(mail.html, vars, true),
      headers: newsletterHeaders(site, vars.unsubscribeUrl),
    }),
  );
}
