/** The author card shown after the article: avatar, name and bio. */
import { Link } from "react-router";
import { useSiteName } from "~/components/use-site-name";
import { FALLBACK_AUTHOR } from "~/lib/article-card";
import { authorHref } from "~/lib/urls";

/** `slug`, when known, links the name to the author's page (/author/{slug}). */
import type { AuthorInfo } from "~/articles/article-view";

export type { AuthorInfo };

export function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? "?");
  return letters.toUpperCase();
}

export function AuthorAvatar({ author, size }: { author: AuthorInfo; size: number }) {
  const name = author?.name?.trim() || FALLBACK_AUTHOR;
  if (author?.avatarUrl) {
    return (
      <img
        src={author.avatarUrl}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="shrink-0 rounded-full bg-surface-sunken object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-bold text-brand"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
    >
      {initials(name)}
    </span>
  );
}

export function AuthorCard({ author }: { author: AuthorInfo }) {
  const name = author?.name?.trim() || FALLBACK_AUTHOR;
  const siteName = useSiteName();
  return (
    <section
      aria-labelledby="about-the-author"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-sunken p-6 sm:flex-row sm:items-start sm:p-8"
      data-testid="author-card"
    >
      <AuthorAvatar author={author} size={72} />
      <div>
        <h2 id="about-the-author" className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
          About the author
        </h2>
        <p className="mt-1 text-xl font-bold text-ink">
          {author?.slug ? (
            <Link to={authorHref(author.slug)} className="hover:underline underline-offset-4">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        <p className="mt-2 leading-relaxed text-ink-muted">
          {author?.bio?.trim() || `A contributor to ${siteName}, sharing what they learn while building software.`}
        </p>
      </div>
    </section>
  );
}
