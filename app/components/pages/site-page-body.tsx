/**
 * A site page as readers see it (/terms, /privacy, …, and imported pages): title, last update and
 * the HTML rendered and sanitised at save, put in the document once (html-once).
 */
import { formatLongDate } from "~/articles/format";
import { MathStylesheet } from "~/components/article/math-stylesheet";
import { useHtmlOnce } from "~/components/html-once";
import { SITE_PAGE_BODY_KEY } from "~/lib/site-pages";

export type SitePageBodyData = {
  slug: string;
  title: string;
  updatedAt: string;
  html: string | null;
  hasMath: boolean;
};

export function SitePageBody({ page }: { page: SitePageBodyData }) {
  const html = useHtmlOnce(SITE_PAGE_BODY_KEY, page.html);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16" aria-labelledby="page-title">
      {page.hasMath ? <MathStylesheet /> : null}
      <header className="border-b border-line pb-6">
        <h1 id="page-title" className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          {page.title}
        </h1>
        <p className="mt-3 text-sm text-ink-muted">
          Last updated <time dateTime={page.updatedAt}>{formatLongDate(page.updatedAt)}</time>
        </p>
      </header>
      <div
        className="prose-article mt-8"
        data-html-once={SITE_PAGE_BODY_KEY}
        data-testid="site-page-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
