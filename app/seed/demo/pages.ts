/**
 * The site pages' first text (administrators edit it at /admin/pages). Plain, honest policies for
 * a small publication without paid products; "the site" is named by the app (SITE_NAME).
 */
import type { SitePageSlug } from "~/lib/site-pages";

export const pages: { slug: SitePageSlug; title: string; content: string }[] = [
  {
    slug: "terms",
    title: "Terms of Service",
    content: `These terms apply to everyone who reads or writes on this site. By using the site you accept them.

## Your account

You may read every article without an account. An account lets you save articles to a reading list and join the discussion. Keep your password to yourself; you are responsible for what happens under your account. You can delete your account at any time from your account settings.

## What you post

Comments and contributed articles remain yours. By posting them here you allow us to publish, edit for length and clarity, and keep them on the site. Do not post anything unlawful, anything you have no right to share, personal data of others, spam or advertising.

We may remove content and suspend accounts that break these rules.

## Our content

Articles are written by our authors and contributors. Code samples may be used freely in your own projects; the text and images may not be republished without permission. Quoting short passages with a link back is welcome.

## No warranty

We take care that what we publish is correct, but the site and its content are provided as they are. Test code before you run it in production.

## Changes

We may update these terms. The date of the last change is shown on this page; significant changes are announced on the What's New page.`,
  },
  {
    slug: "privacy",
    title: "Privacy Policy",
    content: `We collect as little as we can and never sell what we collect.

## What we store

- **Account data**: your name, email address and, if you set one, a password hash (never the password itself). If you sign in with GitHub or Google we store the account id they give us.
- **What you do here**: the articles on your reading list, your comments, and the messages you send through the contact forms.
- **Sessions**: a cookie that keeps you signed in, with the date it started and your browser's user agent, so you can see and end your sessions.

## What we do not do

No advertising trackers, no analytics cookies and no profiles for marketing. Reading the site sets no cookie; only signing in and sending forms do.

## Email

We send mail only about your account (verification, password reset, changes of address) and, if you ask for them, replies to your comments.

## Your rights

From your account settings you can download all your data as a JSON file, correct your name and email address, and delete your account. Deleting it removes your profile, sessions and reading list; your comments stay, shown as written by a deleted user.

## Contact

Questions about your data? Use the contact form and we will reply within 30 days.`,
  },
  {
    slug: "refund-policy",
    title: "Refund Policy",
    content: `Reading this site is free, and we sell nothing on it today: there is nothing to refund.

## If that changes

Should we ever offer paid products (books, courses or memberships), each will come with a clear refund window stated before you pay, at least 14 days from purchase, no questions asked.

## Payments claimed in our name

We never ask for payment by email or through social networks. If someone asks you to pay on our behalf, please tell us through the contact form.`,
  },
  {
    slug: "accessibility",
    title: "Accessibility Policy",
    content: `Everyone should be able to read and use this site, whatever browser, device or assistive technology they use.

## What we aim for

We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA:

- every page works with a keyboard alone, and focus is always visible;
- every page and form works without JavaScript;
- text has enough contrast in the light and dark themes;
- images have text alternatives, code samples are real text, and headings give each page a structure;
- animations stop when your system asks for reduced motion.

We test pages with automated checks and by hand with screen readers.

## Known limits

Some older articles contain images of diagrams without a full text description. We add descriptions as we revise them.

## Tell us

If something is hard to use, please tell us through the contact form: say which page and what happened. We reply within five working days.`,
  },
  {
    slug: "faq",
    title: "FAQ",
    content: `## Do I need an account to read?

No. Every article is free to read without an account. An account lets you keep a reading list and join the discussion.

## How do I save an article for later?

Press **Save** on an article or on its card. Your saved articles are on your reading list, in the menu under your name.

## Can I write for you?

Yes. Send us a pitch from the Write for Us page with a proposed title, a short summary and links to earlier writing.

## I found a mistake in an article.

Thank you! Tell us through the contact form and name the article. We correct mistakes quickly and note significant corrections in the article.

## How do I change my email address or password?

In your account settings. A new email address is confirmed by a link we mail to it.

## How do I delete my account?

In your account settings, at the bottom. Your comments stay, shown as written by a deleted user.

## Is there a feed?

Yes: RSS, Atom and JSON Feed for all articles, and an RSS feed for each category.`,
  },
  {
    slug: "best-practices",
    title: "Best Practices",
    content: `What we expect of the articles we publish, and what you can expect of them.

## Working code

Every code sample runs. We name versions when they matter, and we show the output where it helps. Samples are short enough to read and complete enough to paste.

## Explain the why

An article says why a technique works and when it does not, not only how to type it. We prefer one idea explained well to ten listed.

## Honest trade-offs

Every choice costs something. Our authors say what, and we welcome disagreement in the discussion.

## Accessible by default

Examples of user interfaces use semantic HTML, labels and keyboard support. We do not publish examples that only work with a mouse.

## Kind discussion

Disagree with ideas, not people. Comments that attack people are removed.`,
  },
  {
    slug: "contribute",
    title: "Contribute",
    content: `This publication is written by working developers. There are several ways to take part.

## Write an article

Send a pitch from the Write for Us page. We look for practical articles and tutorials with working code, and for opinions backed by experience. An editor works with you on the draft; you keep the credit and the rights to your text.

## Review and correct

Spotted a mistake or an outdated example? Tell us through the contact form. Corrections from readers make every article better.

## Join the discussion

Sign in and share your perspective under an article: add what you would have done differently, ask a question, answer one.

## Suggest a topic

Missing an article you would like to read? Tell us; the best suggestions become commissions.`,
  },
  {
    slug: "partnerships",
    title: "Partnerships",
    content: `We work with companies and communities that help developers learn.

## What we do

- **Community events**: we support meetups and conferences with articles, speakers and coverage.
- **Open source**: we write in depth about projects that developers rely on, and we welcome maintainers' proposals.
- **Education**: schools and bootcamps may link to and teach with our articles.

## What we do not do

We do not publish paid articles disguised as editorial content, and sponsors have no say in what we write. Any sponsorship is labelled as such.

## Get in touch

Use the contact form with the subject "Partnership" and tell us about your organisation and your idea.`,
  },
];
