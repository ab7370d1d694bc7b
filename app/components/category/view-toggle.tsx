/**
 * Grid/list toggle for article listings. Plain links (?view=list), so it works without
 * JavaScript and the choice lives in the URL; the current view is marked aria-current.
 */
import { Link } from "react-router";
import { categoryHref, type ListView } from "~/lib/urls";

export function parseView(value: string | null): ListView {
  return value === "list" ? "list" : "grid";
}

const options: { view: ListView; label: string }[] = [
  { view: "grid", label: "Grid view" },
  { view: "list", label: "List view" },
];

export function ViewToggle({ slug, view, page }: { slug: string; view: ListView; page: number }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not form controls (no fieldset)
    <div role="group" aria-label="Layout" className="inline-flex rounded-lg border border-line bg-surface-sunken p-1">
      {options.map((option) => {
        const current = option.view === view;
        return (
          <Link
            key={option.view}
            to={categoryHref(slug, { view: option.view, page })}
            preventScrollReset
            replace
            aria-current={current ? "true" : undefined}
            data-view={option.view}
            className={`inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors ${
              current ? "bg-surface-raised text-ink shadow-sm" : "text-ink-muted hover:text-ink"
            }`}
          >
            <LayoutIcon view={option.view} />
            <span>{option.label.replace(" view", "")}</span>
            <span className="sr-only"> view</span>
          </Link>
        );
      })}
    </div>
  );
}

/** The layouts' icons, drawn from their rectangles: [x, y, width, height] in a 16 × 16 box. */
const LAYOUT_RECTS: Record<ListView, [number, number, number, number][]> = {
  grid: [
    [2, 2, 5, 5],
    [9, 2, 5, 5],
    [2, 9, 5, 5],
    [9, 9, 5, 5],
  ],
  list: [
    [2, 2.5, 12, 3],
    [2, 6.5, 12, 3],
    [2, 10.5, 12, 3],
  ],
};

function LayoutIcon({ view }: { view: ListView }) {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" className="size-4">
      {LAYOUT_RECTS[view].map(([x, y, width, height]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={width} height={height} rx="1" />
      ))}
    </svg>
  );
}
