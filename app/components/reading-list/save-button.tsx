/**
 * Save / Remove for the reading list, on article cards, the article page and the list itself.
 *
 * - Signed out: a button that opens the sign-in page (a GET form, which changes nothing) with a
 *   redirectTo of /reading-list/save?article=…: the sign-in's POST (or the OAuth flow it starts)
 *   carries it and completes the save, then goes back here. The same markup for every anonymous
 *   visitor, so the page stays cacheable.
 * - Signed in: a real form posting to /reading-list (works without JavaScript: the action
 *   redirects back with a toast); with JavaScript the same form goes through a fetcher, in place
 *   and optimistic (the button shows the new state at once; a failure falls back to the loader's).
 */
import { Form, useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { readingListSaveHref } from "~/lib/urls";
import { useRootData } from "~/components/root-data";

const pillClass =
  "inline-flex items-center gap-1.5 rounded-full border font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";
const sizes = {
  card: "h-8 px-3 text-xs",
  article: "h-10 px-4 text-sm",
} as const;

function stateClass(saved: boolean) {
  return saved
    ? "border-brand bg-brand text-brand-ink hover:bg-brand-hover"
    : "border-line bg-surface-raised text-ink hover:bg-surface-sunken";
}

export function useSignedIn() {
  return Boolean(useRootData()?.user);
}

/** Where this page is, for the way back after a save without JavaScript. */
function useReturnTo() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

export function SaveButton({
  articleId,
  saved,
  describedBy,
  size = "card",
  className = "",
}: {
  articleId: number;
  /** Saved, as the loader says (false for anonymous visitors). */
  saved: boolean;
  /** The id of the article's title on a card: which article this Save is for. */
  describedBy?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const signedIn = useSignedIn();
  const returnTo = useReturnTo();
  const hydrated = useHydrated();
  // One fetcher per article: a card and the article page agree on its state.
  const fetcher = useFetcher({ key: `reading-list-${articleId}` });
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending === "save" ? true : pending === "remove" ? false : saved;
  const label = (
    <>
      <BookmarkIcon filled={isSaved} />
      {isSaved ? "Saved" : "Save"}
    </>
  );

  if (!signedIn) {
    // A GET form to the sign-in page (it changes nothing), so a card keeps one link: its title.
    return (
      <Form method="get" action="/login" className={`inline-flex ${className}`}>
        <input type="hidden" name="redirectTo" value={readingListSaveHref(articleId, returnTo)} />
        <button
          type="submit"
          aria-describedby={describedBy}
          className={`${pillClass} ${sizes[size]} ${stateClass(false)}`}
          data-testid="save-button"
        >
          {label}
        </button>
      </Form>
    );
  }
  return (
    <fetcher.Form method="post" action="/reading-list" className={`inline-flex ${className}`}>
      <ListFields articleId={articleId} returnTo={returnTo} viaFetch={hydrated} />
      <button
        type="submit"
        name="intent"
        value={isSaved ? "remove" : "save"}
        aria-pressed={isSaved}
        aria-describedby={describedBy}
        className={`${pillClass} ${sizes[size]} ${stateClass(isSaved)}`}
        data-testid="save-button"
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

/** The reading list's Remove: a small form per row; with JavaScript the row goes at once. */
export function RemoveButton({ articleId, describedBy }: { articleId: number; describedBy?: string }) {
  const returnTo = useReturnTo();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: `reading-list-${articleId}` });
  return (
    <fetcher.Form method="post" action="/reading-list">
      <ListFields articleId={articleId} returnTo={returnTo} viaFetch={hydrated} />
      <button
        type="submit"
        name="intent"
        value="remove"
        aria-describedby={describedBy}
        className={`${pillClass} ${sizes.card} border-line bg-surface-raised text-ink hover:border-danger-line hover:text-danger`}
      >
        Remove
      </button>
    </fetcher.Form>
  );
}

/** Whether a removal of this article is under way (the list hides its row). */
export function useRemovalPending(articleId: number) {
  const fetcher = useFetcher({ key: `reading-list-${articleId}` });
  return fetcher.formData?.get("intent") === "remove";
}

export function BookmarkIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className="size-4"
    >
      <path d="M5.5 3.5h9a1 1 0 0 1 1 1v12l-5.5-3.5L4.5 16.5v-12a1 1 0 0 1 1-1Z" strokeLinejoin="round" />
    </svg>
  );
}

/** What every reading-list form posts: the article, the page to come back to, and whether a fetcher sends it. */
function ListFields({ articleId, returnTo, viaFetch }: { articleId: number; returnTo: string; viaFetch: boolean }) {
  return (
    <>
      <input type="hidden" name="articleId" value={articleId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {viaFetch ? <input type="hidden" name="via" value="fetch" /> : null}
    </>
  );
}
