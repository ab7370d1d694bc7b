/**
 * The article card of every listing (home, category, search, What's New): image, category badge,
 * title, excerpt (or a search snippet), author, date and read time. The whole card is one link to
 * the post, named by its title; the rest of the card is its description.
 */
import { type ImgHTMLAttributes, type ReactNode, useId } from "react";
import { Link } from "react-router";
import { formatArticleDate, readTimeLabel } from "~/articles/format";
import {
  type ArticleCardData,
  categoryBadgeClass,
  FALLBACK_AUTHOR,
  FALLBACK_CATEGORY,
  placeholderImageFor,
} from "~/lib/article-card";
import { SaveButton } from "./reading-list/save-button";
import { postHref, tagHref } from "~/lib/urls";
import type { TagLink } from "~/lib/article-card";

export type { ArticleCardData };

/** Intrinsic size of every cover image (the seed's and the placeholders'): reserves the box. */
const COVER_WIDTH = 1200;
const COVER_HEIGHT = 630;

/**
 * An article's cover (cards, the article page, the featured carousel): decorative, since the
 * title beside it says what it is, at the covers' intrinsic size; how it loads is the caller's.
 */
export function CoverImage({
  src,
  className,
  ...loading
}: { src: string; className: string } & Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  "loading" | "fetchPriority" | "decoding" | "draggable"
>) {
  return <img src={src} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} {...loading} className={className} />;
}

export function CategoryBadge({ name, className = "" }: { name: string | null | undefined; className?: string }) {
  const label = name?.trim() || FALLBACK_CATEGORY;
  return (
    <span
      data-category-badge
      className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${categoryBadgeClass(label)} ${className}`}
    >
      {label}
    </span>
  );
}

export function ArticleCard({
  article,
  variant = "grid",
  eager = false,
  saved = false,
  action,
}: {
  article: ArticleCardData;
  variant?: "grid" | "list";
  /** Above the fold: load the image at once instead of lazily. */
  eager?: boolean;
  /** On the signed-in reader's reading list (drives the Save button). */
  saved?: boolean;
  /** The card's button (above the card's link), given the title's id: Save by default; the list's Remove. */
  action?: (titleId: string) => ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  const isList = variant === "list";
  const author = article.authorName?.trim() || FALLBACK_AUTHOR;
  const image = article.imageUrl || placeholderImageFor(article.id);

  return (
    <article className="h-full" data-testid="article-card">
      {/* One link per card: the title. Its ::after covers the whole card, so the card is one
          click target while the link's name stays the title (what a screen reader announces). */}
      <div
        className={`group relative flex h-full overflow-hidden rounded-xl border border-line bg-surface-raised shadow-sm transition hover:-translate-y-0.5 hover:border-line-strong hover:shadow-md has-[a:focus-visible]:-translate-y-0.5 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand ${
          isList ? "flex-row items-stretch" : "flex-col"
        }`}
      >
        <div
          className={`relative shrink-0 overflow-hidden bg-surface-sunken ${
            isList ? "m-3 mr-0 w-24 self-start rounded-lg sm:m-0 sm:w-56 sm:self-stretch sm:rounded-none" : "w-full"
          }`}
        >
          <CoverImage
            src={image}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className={`w-full object-cover transition duration-300 group-hover:scale-[1.03] ${
              isList ? "aspect-square sm:aspect-auto sm:h-full sm:min-h-36" : "aspect-[1200/630]"
            }`}
          />
        </div>
        <div className={`flex min-w-0 flex-1 flex-col ${isList ? "gap-1.5 p-3 sm:gap-2 sm:p-5" : "gap-2.5 p-5"}`}>
          <div className="flex items-center justify-between gap-2">
            <CategoryBadge name={article.categoryName} />
            {/* Above the title link's overlay, so it is its own click target. */}
            <div className="relative z-10 shrink-0">
              {action ? action(titleId) : <SaveButton articleId={article.id} saved={saved} describedBy={titleId} />}
            </div>
          </div>
          <h3
            id={titleId}
            className={`font-bold tracking-tight text-balance text-ink group-hover:text-brand ${
              isList ? "text-base leading-snug sm:text-lg" : "text-lg leading-snug"
            }`}
          >
            <Link
              to={postHref(article.slug)}
              aria-describedby={detailsId}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {article.title}
            </Link>
          </h3>
          <div id={detailsId} className="flex flex-1 flex-col gap-3">
            {article.snippetHtml ? (
              <p
                className={`article-snippet text-sm leading-relaxed text-ink-muted ${isList ? "line-clamp-2 max-sm:hidden" : "line-clamp-3"}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the search module (text plus <mark>)
                dangerouslySetInnerHTML={{ __html: article.snippetHtml }}
              />
            ) : article.excerpt ? (
              <p
                className={`text-sm leading-relaxed text-ink-muted ${isList ? "line-clamp-2 max-sm:hidden" : "line-clamp-3"}`}
              >
                {article.excerpt}
              </p>
            ) : null}
            <p className="mt-auto flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-ink-muted">
              <span className="font-medium text-ink">{author}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
              <span aria-hidden="true">·</span>
              <span>{readTimeLabel(article.readingMinutes)}</span>
            </p>
          </div>
          {article.tags && article.tags.length > 0 ? <TagList tags={article.tags} compact /> : null}
        </div>
      </div>
    </article>
  );
}

/**
 * An article's tags as links to their pages (/tag/{slug}). On a card they sit above the card's
 * link (its overlay), so each is its own click target.
 */
export function TagList({ tags, compact = false }: { tags: readonly TagLink[]; compact?: boolean }) {
  return (
    <ul aria-label="Tags" className={`relative z-10 flex flex-wrap gap-1.5 ${compact ? "" : "gap-2"}`}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={tagHref(tag.slug)}
            className={`inline-flex items-center rounded-md border border-line bg-surface font-medium text-ink-muted hover:border-brand hover:text-brand ${
              compact ? "px-1.5 py-0.5 text-xs" : "px-2 py-1 text-sm"
            }`}
          >
            <span aria-hidden="true">#</span>
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A responsive list of cards in either view. */
export function ArticleCardList({
  articles,
  variant = "grid",
  eagerCount = 0,
  label,
  saved = [],
}: {
  articles: ArticleCardData[];
  variant?: "grid" | "list";
  /** How many of the first cards are above the fold (their images load eagerly). */
  eagerCount?: number;
  label?: string;
  /** Ids of the shown articles on the signed-in reader's reading list. */
  saved?: readonly number[];
}) {
  return (
    <ul
      aria-label={label}
      className={variant === "list" ? "flex flex-col gap-4" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"}
    >
      {articles.map((article, index) => (
        <li key={article.id}>
          <ArticleCard
            article={article}
            variant={variant}
            eager={index < eagerCount}
            saved={saved.includes(article.id)}
          />
        </li>
      ))}
    </ul>
  );
}
