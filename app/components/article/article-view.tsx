/**
 * The article page's body: header (badge, title, byline, Share, Save), optional cover image, the
 * stored HTML, the table of contents (large screens) and the reading-progress bar.
 *
 * A long article first shows its stored preview (the first 4 paragraphs), faded, with Continue
 * Reading: without JavaScript a link to the full view (?full=1), with JavaScript a button that
 * reveals the rest in place. The author card and Join the Discussion (with `discussion`: the
 * comments, app/components/comments) follow the whole article.
 * Render it with `key={slug}` so the preview state starts over for every article.
 */
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { formatLongDate, readTimeLabel } from "~/articles/format";
import { useHtmlOnce } from "~/components/html-once";
import { FALLBACK_AUTHOR } from "~/lib/article-card";
import { CategoryBadge, CoverImage, TagList } from "../article-card";
import { SaveButton } from "../reading-list/save-button";
import type { ArticleViewData } from "~/articles/article-view";
import { AuthorAvatar, AuthorCard } from "./author-card";
import { enhanceCodeBlocks } from "./code-actions";
import { MathStylesheet } from "./math-stylesheet";
import { ReadingProgress } from "./reading-progress";
import { SeriesBanner, SeriesPager } from "./series-nav";
import { ShareButtons } from "./share-buttons";
import { TableOfContents } from "./table-of-contents";
import { authorHref, categoryHref, postFullHref } from "~/lib/urls";

const CONTINUE_ID = "continue-reading";
// Keys of the stored HTML parts (app/http/html-once.server.ts; the loader uses the same).
const HEAD_KEY = "article-head";
const REST_KEY = "article-rest";
const PREVIEW_KEY = "article-preview";

/** Ids of the headings present in a piece of stored HTML (ids are plain: [\p{L}\p{M}\p{N}-]). */
function headingIdsIn(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(/<h[1-6] id="([^"]+)"/g), (match) => match[1]!));
}

export function ArticleView({
  article,
  shareUrl,
  discussion,
  save = null,
}: {
  article: ArticleViewData;
  shareUrl: string;
  /** The comments (or Load Comments) under Join the Discussion; the private preview has none. */
  discussion?: ReactNode;
  /** The Save button (the published article page; a private preview has none). */
  save?: { articleId: number; saved: boolean } | null;
}) {
  const [revealed, setRevealed] = useState(article.preview === null);
  const head = useHtmlOnce(HEAD_KEY, article.head);
  const rest = useHtmlOnce(REST_KEY, article.rest);
  const ownPreview = useHtmlOnce(PREVIEW_KEY, article.previewHtml);
  const previewHtml = article.preview === "head" ? head : article.preview === "own" ? ownPreview : null;
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);
  const articleRef = useRef<HTMLElement>(null);
  const restRef = useRef<HTMLDivElement>(null);
  const fullHref = postFullHref(article.slug);

  const hiddenIds = useMemo(() => {
    if (revealed || previewHtml === null) return new Set<string>();
    const shown = headingIdsIn(previewHtml);
    return new Set(article.toc.map((entry) => entry.id).filter((id) => !shown.has(id)));
  }, [revealed, previewHtml, article.toc]);

  // After a reveal: go to the heading the reader picked in the table of contents, or move focus
  // to where the article continues (without scrolling: the reader is already there).
  useEffect(() => {
    if (!revealed || scrollTarget === null) return;
    if (scrollTarget === CONTINUE_ID) {
      restRef.current?.focus({ preventScroll: true });
    } else {
      const heading = document.getElementById(scrollTarget);
      heading?.scrollIntoView({ block: "start" });
      if (heading) {
        heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
    }
    setScrollTarget(null);
  }, [revealed, scrollTarget]);

  // Copy and Wrap for code blocks, again when Continue Reading shows the rest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reveal renders new code blocks
  useEffect(() => {
    if (articleRef.current) enhanceCodeBlocks(articleRef.current);
  }, [revealed]);

  function reveal(target: string) {
    setRevealed(true);
    setScrollTarget(target);
  }

  const inPreview = !revealed && previewHtml !== null;
  const author = article.author?.name?.trim() || FALLBACK_AUTHOR;
  const hasToc = article.toc.length > 0;

  return (
    <>
      {article.hasMath ? <MathStylesheet /> : null}
      <ReadingProgress target={articleRef} />
      <div
        className={`mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12 ${
          hasToc ? "lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-16" : ""
        }`}
      >
        <article ref={articleRef} aria-labelledby="article-title" className="mx-auto w-full max-w-3xl min-w-0">
          <header>
            <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
              <ol className="flex flex-wrap items-center gap-1.5">
                <li>
                  <Link to="/" className="rounded-sm hover:text-ink hover:underline underline-offset-4">
                    Home
                  </Link>
                </li>
                {article.category ? (
                  <li className="flex items-center gap-1.5">
                    <span aria-hidden="true">/</span>
                    <Link
                      to={categoryHref(article.category.slug)}
                      className="rounded-sm hover:text-ink hover:underline underline-offset-4"
                    >
                      {article.category.name}
                    </Link>
                  </li>
                ) : null}
              </ol>
            </nav>
            <CategoryBadge name={article.category?.name} className="mt-6" />
            <h1
              id="article-title"
              className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-4xl lg:text-5xl"
            >
              {article.title}
            </h1>
            {article.excerpt ? (
              <p className="mt-4 text-lg leading-relaxed text-ink-muted sm:text-xl">{article.excerpt}</p>
            ) : null}
            {article.series ? <SeriesBanner series={article.series} /> : null}
            <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-y border-line py-4">
              <div className="flex items-center gap-3">
                <AuthorAvatar author={article.author} size={44} />
                <div className="text-sm">
                  <p className="font-semibold text-ink" data-testid="article-author">
                    {article.author?.slug ? (
                      <Link
                        to={authorHref(article.author.slug)}
                        rel="author"
                        className="hover:underline underline-offset-4"
                      >
                        {author}
                      </Link>
                    ) : (
                      author
                    )}
                  </p>
                  <p className="flex flex-wrap items-center gap-x-1.5 text-ink-muted">
                    <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
                    <span aria-hidden="true">·</span>
                    <span>{readTimeLabel(article.readingMinutes)}</span>
                  </p>
                </div>
              </div>
              <div className="flex items-center gap-2">
                <ShareButtons url={shareUrl} title={article.title} />
                {save ? <SaveButton articleId={save.articleId} saved={save.saved} size="article" /> : null}
              </div>
            </div>
          </header>

          {article.imageUrl ? (
            <CoverImage
              src={article.imageUrl}
              fetchPriority="high"
              decoding="async"
              className="mt-8 aspect-[1200/630] w-full rounded-2xl border border-line bg-surface-sunken object-cover"
            />
          ) : null}

          <div className="mt-10">
            {inPreview ? (
              <>
                <div className="prose-article article-preview-fade" id="article-content" data-testid="article-preview">
                  <div
                    className="prose-part"
                    data-html-once={article.preview === "head" ? HEAD_KEY : PREVIEW_KEY}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save
                    dangerouslySetInnerHTML={{ __html: previewHtml ?? "" }}
                  />
                </div>
                {/* What Continue Reading reveals, in the page once but inert until then. */}
                {article.preview === "own" ? (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save
                  <template data-html-once={HEAD_KEY} dangerouslySetInnerHTML={{ __html: head }} />
                ) : article.hasRest ? (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save
                  <template data-html-once={REST_KEY} dangerouslySetInnerHTML={{ __html: rest }} />
                ) : null}
                <div className="mt-2 flex justify-center">
                  <a href={`${fullHref}#${CONTINUE_ID}`} className={`no-js-only ${continueClass}`}>
                    Continue Reading
                  </a>
                  <button
                    type="button"
                    className={`js-only ${continueClass}`}
                    aria-controls="article-content"
                    aria-expanded="false"
                    onClick={() => reveal(CONTINUE_ID)}
                  >
                    Continue Reading
                  </button>
                </div>
              </>
            ) : (
              <div className="prose-article" id="article-content" data-testid="article-content">
                <div
                  className="prose-part"
                  data-html-once={HEAD_KEY}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save
                  dangerouslySetInnerHTML={{ __html: head }}
                />
                {article.hasRest ? (
                  <div
                    ref={restRef}
                    id={CONTINUE_ID}
                    tabIndex={-1}
                    className="prose-part"
                    data-html-once={REST_KEY}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitized at save
                    dangerouslySetInnerHTML={{ __html: rest }}
                  />
                ) : (
                  <div ref={restRef} id={CONTINUE_ID} tabIndex={-1} />
                )}
              </div>
            )}
          </div>

          {article.tags.length > 0 || article.series ? (
            <div className="mt-10 space-y-6">
              {article.tags.length > 0 ? <TagList tags={article.tags} /> : null}
              {article.series ? <SeriesPager series={article.series} /> : null}
            </div>
          ) : null}

          {inPreview ? null : (
            <div className="mt-16 space-y-8">
              <AuthorCard author={article.author} />
              <section
                aria-labelledby="discussion-title"
                className="rounded-2xl border border-line p-6 text-center sm:p-8"
                data-testid="discussion"
              >
                <h2 id="discussion-title" className="text-xl font-bold text-ink">
                  Join the Discussion
                </h2>
                <p className="mx-auto mt-2 max-w-md text-ink-muted">
                  Share your perspective, ask a question or tell us what you would add.
                </p>
                {discussion}
              </section>
            </div>
          )}
        </article>

        {hasToc ? (
          <aside className="hidden lg:block" data-testid="toc">
            <div className="sticky top-[calc(var(--header-height)+2rem)] max-h-[calc(100dvh-var(--header-height)-4rem)] overflow-y-auto pb-4">
              <TableOfContents entries={article.toc} hiddenIds={hiddenIds} fullHref={fullHref} onReveal={reveal} />
            </div>
          </aside>
        ) : null}
      </div>
    </>
  );
}

const continueClass =
  "inline-flex h-12 items-center justify-center gap-2 rounded-full bg-brand px-7 text-sm font-semibold text-brand-ink shadow-md hover:bg-brand-hover";
