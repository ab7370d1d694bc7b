/**
 * "On this page": the article's level-2 and level-3 headings (stored with the article at save).
 * Shown on large screens beside the article. While a long article shows its preview, links to
 * headings further down lead to the full view (?full=1#id); with JavaScript they reveal the
 * rest in place and scroll to the heading.
 */
import { type MouseEvent, useEffect, useState } from "react";
import type { TocEntry } from "~/lib/toc";

/** The heading currently at the top of the viewport (progressive: null until it can be known). */
function useActiveHeading(ids: string[], watchKey: unknown) {
  const [active, setActive] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: watchKey changes when more headings enter the page
  useEffect(() => {
    const headings = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    if (headings.length === 0) return;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        const firstVisible = headings.find((heading) => visible.get(heading.id));
        if (firstVisible) {
          setActive(firstVisible.id);
          return;
        }
        // None in view: the last heading above the viewport is the current section.
        const above = headings.filter((heading) => heading.getBoundingClientRect().top < 0);
        setActive(above.length > 0 ? above[above.length - 1]!.id : null);
      },
      { rootMargin: "-64px 0px -60% 0px" },
    );
    for (const heading of headings) observer.observe(heading);
    return () => observer.disconnect();
  }, [ids, watchKey]);
  return active;
}

export function TableOfContents({
  entries,
  hiddenIds,
  fullHref,
  onReveal,
}: {
  entries: TocEntry[];
  /** Headings not in the page yet (beyond the preview of a long article). */
  hiddenIds: ReadonlySet<string>;
  /** The full view's address, e.g. /post/slug?full=1. */
  fullHref: string;
  /** Reveals the whole article in place, then scrolls to the heading. */
  onReveal: (headingId: string) => void;
}) {
  const [ids] = useState(() => entries.map((entry) => entry.id));
  const active = useActiveHeading(ids, hiddenIds.size);
  if (entries.length === 0) return null;

  function onClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    if (!hiddenIds.has(id) || document.getElementById(id)) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onReveal(id);
  }

  return (
    <nav aria-labelledby="toc-title" className="text-sm">
      <h2 id="toc-title" className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
        On this page
      </h2>
      <ol className="mt-3 space-y-1 border-l border-line">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={hiddenIds.has(entry.id) ? `${fullHref}#${entry.id}` : `#${entry.id}`}
              onClick={(event) => onClick(event, entry.id)}
              aria-current={active === entry.id ? "location" : undefined}
              className={`-ml-px block border-l-2 py-1 pr-2 leading-snug transition-colors hover:text-ink ${
                entry.depth === 3 ? "pl-7" : "pl-4"
              } ${active === entry.id ? "border-brand font-medium text-brand" : "border-transparent text-ink-muted"}`}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
