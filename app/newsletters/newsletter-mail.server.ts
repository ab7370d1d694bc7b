/**
 * An article as a newsletter (issue 24.3): the article's stored HTML (rendered at save) made fit
 * for mail clients, then its stylesheet inlined by juice (the CSS inliner Automattic keeps for
 * its own mail), with a plain-text part (the article's markdown source, itself readable text).
 *
 * For mail clients the stored HTML changes a little, by rules on the markup our own pipeline
 * writes (app/markdown): Shiki's colour variables become inline `color` (mail clients know no
 * CSS variables; the dark theme is dropped), code blocks scroll horizontally, an uploaded image's
 * <picture> becomes one <img> of its mail-sized variant (MAIL_IMAGE_WIDTH) with its alt text,
 * every link and image is absolute, heading self-links and screen-reader-only text go.
 *
 * The body names the subscriber's own links as {{manageUrl}} and {{unsubscribeUrl}}: one body
 * serves every subscriber (app/mail/shared-bodies.server.ts), each outbox row fills its own.
 */
import juice from "juice";
import { escapeHtml, type MailSite } from "~/mail/templates.server";
import { postHref } from "~/lib/urls";

/** The widest image variant a newsletter uses (the column is 600 px; twice that for sharp screens). */
export const MAIL_IMAGE_WIDTH = 1200;

export type NewsletterArticle = {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  contentHtml: string;
  imageUrl: string | null;
  authorName: string | null;
  categoryName: string | null;
  readingMinutes: number;
};

export type RenderedNewsletter = { subject: string; text: string; html: string };

const MAIL_CSS = `
body { margin: 0; padding: 0; background: #f4f5f7; color: #111827; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 16px; line-height: 1.6; }
.wrapper { max-width: 600px; margin: 0 auto; background: #ffffff; padding: 24px; }
.site { margin: 0; font-size: 18px; font-weight: 800; color: #4338ca; }
.view { margin: 4px 0 24px; font-size: 13px; color: #4b5563; }
.view a, .footer a { color: #4338ca; }
h1 { margin: 0 0 8px; font-size: 28px; line-height: 1.25; color: #111827; }
.byline { margin: 0 0 24px; font-size: 14px; color: #4b5563; }
.cover { display: block; width: 100%; max-width: 100%; height: auto; border-radius: 8px; margin: 0 0 24px; }
.content h2 { font-size: 22px; line-height: 1.3; margin: 32px 0 12px; }
.content h3 { font-size: 18px; line-height: 1.35; margin: 24px 0 8px; }
.content p, .content ul, .content ol, .content blockquote, .content table { margin: 0 0 16px; }
.content a { color: #4338ca; }
.content img { max-width: 100%; height: auto; }
.content blockquote { border-left: 4px solid #e3e6eb; padding-left: 16px; color: #374151; }
.content :not(pre) > code { background: #f3f4f6; border-radius: 4px; padding: 1px 4px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 14px; }
.content figure { margin: 0 0 16px; }
.content .code-header { font-size: 12px; color: #4b5563; padding: 0 0 4px; }
.content .code-lang { margin-left: 8px; color: #6b7280; }
.content pre { overflow-x: auto; white-space: pre; word-wrap: normal; margin: 0 0 16px; padding: 12px 16px; border: 1px solid #e3e6eb; border-radius: 8px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; line-height: 1.5; }
.content pre code { font-family: inherit; white-space: pre; }
.content .line.highlighted { background: #f1f3f5; }
.content .line.add { background: #e6ffec; }
.content .line.remove { background: #ffebe9; }
.content .callout { border-left: 4px solid #4338ca; background: #f5f7ff; padding: 8px 16px; margin: 0 0 16px; }
.content .callout-title { font-weight: 700; }
.content table { border-collapse: collapse; }
.content th, .content td { border: 1px solid #e3e6eb; padding: 4px 8px; }
.content svg, .sr-only, .code-sr, .code-mark { display: none; }
.footer { margin: 32px 0 0; padding-top: 16px; border-top: 1px solid #e3e6eb; font-size: 13px; color: #4b5563; }
`;

/** An address of this site made absolute; other schemes and absolute addresses unchanged. */
function absolute(url: string, siteUrl: string, pageUrl: string) {
  if (url.startsWith("#")) return `${pageUrl}${url}`;
  if (url.startsWith("/") && !url.startsWith("//")) return `${siteUrl}${url}`;
  return url;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&#x26;|&amp;/g, "&") ?? null;

/** The srcset candidate closest to MAIL_IMAGE_WIDTH without passing it, else the src. */
function mailSizedSource(img: string) {
  const srcset = attr(img, "srcset");
  const candidates = (srcset ?? "")
    .split(",")
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url, width]) => ({ url: url ?? "", width: Number.parseInt(width ?? "", 10) }))
    .filter((candidate) => candidate.url && candidate.width > 0 && candidate.width <= MAIL_IMAGE_WIDTH)
    .sort((a, b) => b.width - a.width);
  return candidates[0]?.url ?? attr(img, "src") ?? "";
}

/** One plain <img> for mail: absolute mail-sized source, its alt text, at most 600 px wide. */
function mailImage(img: string, siteUrl: string, pageUrl: string) {
  const src = absolute(mailSizedSource(img), siteUrl, pageUrl);
  const alt = attr(img, "alt") ?? "";
  const width = Number(attr(img, "width") ?? 0);
  const height = Number(attr(img, "height") ?? 0);
  const shownWidth = width > 0 ? Math.min(600, width) : 0;
  const size =
    shownWidth > 0
      ? ` width="${shownWidth}"${height > 0 ? ` height="${Math.round((height * shownWidth) / width)}"` : ""}`
      : "";
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${size}>`;
}

/** Shiki's variables → inline colours (the light theme); the dark theme's are dropped. */
function inlineShikiColours(style: string) {
  return style
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("--shiki-dark"))
    .map((part) =>
      part.replace(/^--shiki-light(-font-style|-font-weight|-text-decoration)?:/, (_m, rest?: string) => {
        if (!rest) return "color:";
        return `${rest.slice(1)}:`;
      }),
    )
    .map((part) => part.replace(/^--shiki-light-bg:/, "background-color:"))
    .join(";");
}

/** The stored article HTML made fit for mail clients (before the CSS is inlined). */
export function mailReadyHtml(html: string, siteUrl: string, pageUrl: string) {
  return html
    .replace(/<a class="heading-anchor"[^>]*>[\s\S]*?<\/a>/g, "")
    .replace(/<span class="code-sr">[^<]*<\/span>/g, "")
    .replace(/<picture>[\s\S]*?(<img\b[^>]*>)[\s\S]*?<\/picture>/g, (_whole, img: string) =>
      mailImage(img, siteUrl, pageUrl).replace("<img", "<img data-mail"),
    )
    .replace(/<img\b(?![^>]*\sdata-mail)[^>]*>/g, (img) =>
      mailImage(img, siteUrl, pageUrl).replace("<img", "<img data-mail"),
    )
    .replace(/\sdata-mail\b/g, "")
    .replace(
      /\s(href|src)="([^"]*)"/g,
      (_whole, name: string, url: string) => ` ${name}="${absolute(url, siteUrl, pageUrl)}"`,
    )
    .replace(/\sstyle="([^"]*)"/g, (_whole, style: string) => ` style="${inlineShikiColours(style)}"`)
    .replace(/\stabindex="0"/g, "");
}

function byline(article: NewsletterArticle) {
  return [
    article.authorName ? `By ${article.authorName}` : null,
    article.categoryName,
    `${article.readingMinutes} min read`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A newsletter's subject: the article's title (marked for "Send me a test"). */
export function newsletterSubject(article: Pick<NewsletterArticle, "title">, options: { test?: boolean } = {}) {
  return `${options.test ? "[Test] " : ""}${article.title}`;
}

/**
 * The newsletter of `article`: subject, plain text and inlined HTML, with {{manageUrl}} and
 * {{unsubscribeUrl}} left for each subscriber's row. `test`: "Send me a test" (subject marked).
 */
export function renderNewsletter(
  site: MailSite,
  article: NewsletterArticle,
  options: { test?: boolean } = {},
): RenderedNewsletter {
  const pageUrl = `${site.siteUrl}${postHref(article.slug)}`;
  const subject = newsletterSubject(article, options);
  const cover = article.imageUrl
    ? `<img class="cover" src="${escapeHtml(absolute(article.imageUrl, site.siteUrl, pageUrl))}" alt="" width="552">`
    : "";
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body>
<div class="wrapper">
<p class="site">${escapeHtml(site.siteName)}</p>
<p class="view"><a href="${escapeHtml(pageUrl)}">View in browser</a></p>
<h1>${escapeHtml(article.title)}</h1>
<p class="byline">${escapeHtml(byline(article))}</p>
${cover}
<div class="content">
${mailReadyHtml(article.contentHtml, site.siteUrl, pageUrl)}
</div>
${htmlFooter(site, "You receive this because you subscribed")}
</div>
</body>
</html>
`;
  const text = [
    article.title,
    byline(article),
    "",
    `View in browser: ${pageUrl}`,
    "",
    article.content.trim(),
    "",
    ...textFooter(site),
  ].join("\n");
  return { subject, text, html: inlineCss(html) };
}

/** The last lines of every newsletter's text: the site, and the subscriber's own links (filled per row). */
export function textFooter(site: MailSite) {
  return [
    "--",
    `${site.siteName}, ${site.siteUrl}`,
    "Manage your subscription: {{manageUrl}}",
    "Unsubscribe: {{unsubscribeUrl}}",
    "",
  ];
}

/** The HTML footer of every newsletter: why it came, and the subscriber's own links (filled per row). */
export function htmlFooter(site: MailSite, why: string) {
  return `<p class="footer">${escapeHtml(why)} to ${escapeHtml(site.siteName)}'s newsletter.
<a href="{{manageUrl}}">Manage your subscription</a> · <a href="{{unsubscribeUrl}}">Unsubscribe</a></p>`;
}

/** The mail stylesheet inlined into `html` (media queries kept in a <style> for clients that read it). */
export function inlineCss(html: string) {
  return juice(html, { extraCss: MAIL_CSS, removeStyleTags: true, preserveMediaQueries: true });
}

/** The headers of every newsletter: one-click unsubscribe (RFC 8058) and the list's id (RFC 2919). */
export function newsletterHeaders(site: MailSite, unsubscribeUrl: string): Record<string, string> {
  const host = new URL(site.siteUrl).hostname;
  const domain = host.includes(".") ? host : `${host}.localdomain`;
  const name = site.siteName.replace(/[<>"\r\n]/g, "");
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": `${name} newsletter <newsletter.${domain}>`,
  };
}
