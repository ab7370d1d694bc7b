/** The report of an import run: what it created, overwrote, skipped, and what it could not do. */
import type { ImportReport as Report } from "~/backup/import-view";
import { sitePageHref } from "~/lib/site-pages";
import { postHref } from "~/lib/urls";

const SHOWN = 100;

/** "Label: A, B, C" with each a link; nothing when there are none. */
function InlineLinks({ label, links }: { label: string; links: { href: string; text: string; note?: string }[] }) {
  if (links.length === 0) return null;
  return (
    <p className="mt-3">
      {label}:{" "}
      {links.map((link, index) => (
        <span key={link.href}>
          {index > 0 ? ", " : ""}
          <a className="underline" href={link.href}>
            {link.text}
          </a>
          {link.note}
        </span>
      ))}
    </p>
  );
}

export function ImportReport({ report, title }: { report: Report; title: string }) {
  const articles = report.created.length;
  return (
    <section className="rounded-xl border border-line bg-surface p-6 text-sm text-ink" aria-labelledby="report">
      <h2 id="report" className="text-lg font-semibold">
        {title} {articles} {articles === 1 ? "article" : "articles"}
      </h2>
      <p className="mt-2 text-ink-muted">
        {report.overwritten.length} overwritten, {report.pages.length} site pages, {report.unchanged} already imported,{" "}
        {report.skipped.length} skipped, {report.images} images added to the media library, {report.redirects} old
        addresses redirected.
      </p>
      {articles > 0 ? (
        <ul className="mt-3 list-disc pl-5">
          {report.created.slice(0, SHOWN).map((article) => (
            <li key={article.slug}>
              <a className="underline" href={postHref(article.slug)}>
                {article.title}
              </a>
            </li>
          ))}
          {articles > SHOWN ? <li>and {articles - SHOWN} more</li> : null}
        </ul>
      ) : null}
      <InlineLinks
        label="Overwritten"
        links={report.overwritten.map((article) => ({ href: postHref(article.slug), text: article.title }))}
      />
      <InlineLinks
        label="Site pages"
        links={report.pages.map((page) => ({
          href: sitePageHref(page.slug),
          text: page.title,
          note: page.overwritten ? " (overwritten)" : "",
        }))}
      />
      {report.remoteImages.length > 0 ? (
        <div className="mt-3">
          <p>Remote images kept as links:</p>
          <ul className="list-disc pl-5">
            {report.remoteImages.map((image) => (
              <li key={image.url}>
                {image.url}: {image.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.missingImages.length > 0 ? (
        <p className="mt-3">Images not found in the file: {report.missingImages.join(", ")}</p>
      ) : null}
      {report.failed.length > 0 ? (
        <ul className="mt-3 list-disc pl-5 text-danger">
          {report.failed.map((failure) => (
            <li key={failure.title}>
              {failure.title}: {failure.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
