/**
 * /reading-list: the signed-in reader's saved articles, newest saved first, with a title search
 * (?q=), a category filter (?category=) and the one pagination rule. Private: sign-in required,
 * never stored by a cache.
 *
 * Its action is where every Save and Remove posts (cards, the article page, this list, the
 * sign-in-then-save page). Without JavaScript it redirects back with a toast; in place (a
 * fetcher, `via=fetch`) it answers the new state. Signed out, a save goes to the sign-in page
 * carrying the pending save, and the sign-in (password or OAuth) completes it (afterSignIn).
 */
import { data, Form, Link, redirect } from "react-router";
import { getUser, requireUser } from "~/auth/guards.server";
import { ArticleCard } from "~/components/article-card";
import { controlClass, FilterSelect } from "~/components/forms";
import { RemoveButton, useRemovalPending } from "~/components/reading-list/save-button";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { parseReadingListParams, READING_LIST_TOASTS, ReadingListActionSchema } from "~/lib/reading-list-schema";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { noindexMeta } from "~/lib/seo";
import { loginHref, readingListHref, readingListSaveHref } from "~/lib/urls";
import { listReadingList, removeArticle, type SavedArticle, saveArticle } from "~/reading-list/reading-list.server";
import type { Route } from "./+types/reading-list";
import { cacheControlHeaders } from "~/http/route-headers.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { q, category } = parseReadingListParams(url.searchParams);
  const requested = parsePageParam(url.searchParams.get("page"));
  const list = await listReadingList(user.id, { q, category, page: pageToRead(requested) });
  const target = pageRedirectTarget(requested, list.pageCount);
  if (target !== null) throw redirect(readingListHref({ q, category, page: target }), { headers: PRIVATE });
  return data({ q, category, list }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = ReadingListActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ ok: false as const, saved: null }, { status: 400, headers: PRIVATE });
  }
  const { intent, articleId, via } = parsed.data;
  const returnTo = safeRedirectPath(parsed.data.returnTo);
  const user = await getUser(request);
  if (!user) {
    // Signed out (or the session ended): sign in, and the sign-in completes the save.
    throw redirect(loginHref(intent === "save" ? readingListSaveHref(articleId, returnTo) : returnTo));
  }
  let saved: boolean;
  if (intent === "save") {
    const outcome = await saveArticle(user.id, articleId);
    if (outcome.status === "not-found") {
      if (via === "fetch") return data({ ok: false as const, saved: false }, { status: 404, headers: PRIVATE });
      return redirectWithToast(returnTo, { type: "error", ...READING_LIST_TOASTS.notFound }, { status: 303 });
    }
    saved = true;
  } else {
    await removeArticle(user.id, articleId);
    saved = false;
  }
  if (via === "fetch") return data({ ok: true as const, saved }, { headers: PRIVATE });
  return redirectWithToast(
    returnTo,
    { type: "success", ...(saved ? READING_LIST_TOASTS.saved : READING_LIST_TOASTS.removed) },
    { status: 303 },
  );
}

export default function ReadingListPage({ loaderData }: Route.ComponentProps) {
  const { q, category, list } = loaderData;
  const filtered = q !== "" || category !== "";
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Reading list</h1>
        <p className="mt-3 text-ink-muted">Articles you saved, newest first. Only you can see this list.</p>
      </header>

      <search className="mt-8 block">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1">
            <label htmlFor="reading-list-q" className="mb-1.5 block text-sm font-medium text-ink">
              Title
            </label>
            <input
              id="reading-list-q"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={200}
              className={`${controlClass} h-11`}
            />
          </div>
          <div className="min-w-40">
            <FilterSelect
              id="reading-list-category"
              name="category"
              label="Category"
              labelClassName="mb-1.5 block text-sm font-medium text-ink"
              className={`${controlClass} h-11`}
              value={category}
              allLabel="All categories"
              options={list.categories.map((option) => ({ value: option.slug, label: option.name }))}
            />
          </div>
          <button type="submit" className={buttonClass({ className: "h-11" })}>
            Filter
          </button>
          {filtered ? (
            <Link to={readingListHref()} className={`${textLinkClass} self-center text-sm`}>
              Clear
            </Link>
          ) : null}
        </Form>
      </search>

      <section aria-labelledby="saved-heading" className="mt-8">
        <h2 id="saved-heading" className="mb-4 text-sm font-medium text-ink-muted" data-testid="reading-list-summary">
          {list.total === 1 ? "1 saved article" : `${list.total} saved articles`}
          {filtered ? " match" : ""}
        </h2>
        {list.articles.length === 0 ? (
          <EmptyList filtered={filtered} />
        ) : (
          <ul aria-label="Saved articles" className="flex flex-col gap-4">
            {list.articles.map((article) => (
              <SavedRow key={article.id} article={article} />
            ))}
          </ul>
        )}
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => readingListHref({ q, category, page })}
          label="Reading list pages"
        />
      </section>
    </div>
  );
}

function SavedRow({ article }: { article: SavedArticle }) {
  // With JavaScript the row goes as soon as Remove is pressed; the list reloads behind it.
  if (useRemovalPending(article.id)) return null;
  return (
    <li>
      <ArticleCard
        article={article}
        variant="list"
        saved
        action={(titleId) => <RemoveButton articleId={article.id} describedBy={titleId} />}
      />
    </li>
  );
}

function EmptyList({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-16 text-center">
      {filtered ? (
        <>
          <p className="text-lg font-semibold text-ink">No saved articles match</p>
          <p className="mt-2 text-ink-muted">
            <Link to={readingListHref()} className={textLinkClass}>
              Show the whole list
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="text-lg font-semibold text-ink">Your reading list is empty</p>
          <p className="mt-2 text-ink-muted">
            Press Save on any article to keep it here for later.{" "}
            <Link to="/search" className={textLinkClass}>
              Browse articles
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

export const headers: Route.HeadersFunction = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Reading list");
