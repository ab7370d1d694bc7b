/** The head of an author's page: avatar, name, bio and a link to their feed. */
import { AuthorAvatar } from "~/components/article/author-card";
import { authorFeedHref } from "~/lib/urls";

export function AuthorHeader({
  author,
  total,
}: {
  author: { name: string; slug: string; bio: string | null; avatarUrl: string | null };
  total: number;
}) {
  return (
    <header className="flex flex-col gap-6 border-b border-line pb-8 sm:flex-row sm:items-center">
      <AuthorAvatar author={author} size={96} />
      <div>
        <p className="text-sm font-semibold tracking-wider text-brand uppercase">Author</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{author.name}</h1>
        {author.bio ? (
          <p className="mt-4 max-w-3xl text-lg text-ink-muted" data-testid="author-bio">
            {author.bio}
          </p>
        ) : null}
        <p className="mt-3 text-sm text-ink-muted">
          {total} published {total === 1 ? "article" : "articles"} ·{" "}
          <a href={authorFeedHref(author.slug)} className="font-semibold text-brand hover:underline">
            RSS feed
          </a>
        </p>
      </div>
    </header>
  );
}
