/**
 * The search page's form: a GET form to /search holding the keyword and, inside a Filters
 * disclosure (<details>, so it opens without JavaScript), the categories as repeatable `category`
 * checkboxes and the most used tags as repeatable `tag` checkboxes, drawn as chips. Without JavaScript the reader ticks chips and presses Search (or
 * Apply filters); with it, a chip applies at once. The URL stays the single source: the page's
 * loader runs the search, and the fields follow the URL on back and forward.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { searchHref } from "~/lib/urls";
import type { SearchCategory, SearchTag } from "~/search/search-params";
import { buttonClass } from "~/components/ui/button";
import { CheckIcon, ChevronIcon, FilterIcon, SearchIcon } from "~/components/ui/icons";

export function SearchForm({
  q,
  categoryIds,
  categories,
  tagSlugs = [],
  tags = [],
}: {
  q: string;
  categoryIds: readonly number[];
  categories: readonly SearchCategory[];
  /** The selected tags' slugs. */
  tagSlugs?: readonly string[];
  /** The tags offered as filters. */
  tags?: readonly SearchTag[];
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();

  // The fields follow the URL (back/forward, Clear Filters, a header search) without remounting,
  // so focus stays where the reader left it.
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const selectedKey = categoryIds.join(",");
  const [selected, setSelected] = useState<readonly number[]>(categoryIds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: selectedKey is the value of categoryIds
  useEffect(() => setSelected(categoryIds), [selectedKey]);

  const tagKey = tagSlugs.join(",");
  const [selectedTags, setSelectedTags] = useState<readonly string[]>(tagSlugs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tagKey is the value of tagSlugs
  useEffect(() => setSelectedTags(tagSlugs), [tagKey]);

  const count = categoryIds.length + tagSlugs.length;
  // Set once: the panel starts open when filters are on, and is then the reader's to open or close
  // (re-rendering must never close it under their fingers).
  const [initiallyOpen] = useState(count > 0);

  /** The form's search as a URL: only a non-empty keyword goes into it; the page starts at 1. */
  function go(form: HTMLFormElement) {
    const data = new FormData(form);
    const keyword = String(data.get("q") ?? "").trim();
    const ids = data.getAll("category").map((value) => Number(value));
    const slugs = data.getAll("tag").map((value) => String(value));
    navigate(searchHref({ q: keyword, categoryIds: ids, tags: slugs }));
  }

  function onChipChange(id: number, checked: boolean) {
    setSelected(checked ? [...selected, id] : selected.filter((value) => value !== id));
    // With JavaScript a chip applies at once (the keyword in the box comes along). The checkbox
    // already shows its new state, so the form data is the new selection.
    if (formRef.current) go(formRef.current);
  }

  function onTagChange(slug: string, checked: boolean) {
    setSelectedTags(checked ? [...selectedTags, slug] : selectedTags.filter((value) => value !== slug));
    if (formRef.current) go(formRef.current);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go(event.currentTarget);
  }

  return (
    <search className="block">
      <Form ref={formRef} method="get" action="/search" onSubmit={onSubmit} className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <label htmlFor={inputId} className="sr-only">
              Search for
            </label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted" />
            <input
              id={inputId}
              type="search"
              name="q"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Search articles, topics, authors or code…"
              autoComplete="off"
              enterKeyHint="search"
              className="h-12 w-full rounded-xl border border-line bg-surface-raised py-2 pr-4 pl-12 text-base text-ink shadow-sm placeholder:text-ink-muted focus:border-brand"
            />
          </div>
          <button
            type="submit"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-brand px-6 text-base font-semibold text-brand-ink shadow-sm hover:bg-brand-hover"
          >
            Search
          </button>
        </div>

        <details className="search-filters group rounded-xl border border-line bg-surface-raised" open={initiallyOpen}>
          <summary className="summary-plain flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-semibold text-ink hover:bg-surface-sunken">
            <FilterIcon className="size-4 text-ink-muted" />
            Filters
            {count > 0 ? (
              <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-brand-ink">
                {count}
                <span className="sr-only"> selected</span>
              </span>
            ) : null}
            <ChevronIcon className="ml-auto size-4 text-ink-muted transition-transform group-open:rotate-180" />
          </summary>
          <div className="border-t border-line px-4 pt-3 pb-4">
            {categories.length > 0 ? (
              <FilterChips
                legend="Narrow the results to one or more categories"
                name="category"
                chips={categories.map((category) => ({
                  value: String(category.id),
                  label: category.name,
                  checked: selected.includes(category.id),
                }))}
                onChange={(value, checked) => onChipChange(Number(value), checked)}
              />
            ) : (
              <p className="text-sm text-ink-muted">No categories to filter by.</p>
            )}
            {tags.length > 0 ? (
              <FilterChips
                className="mt-4"
                legend="Narrow the results to one or more tags"
                name="tag"
                chips={tags.map((tag) => ({
                  value: tag.slug,
                  label: `#${tag.name}`,
                  checked: selectedTags.includes(tag.slug),
                }))}
                onChange={onTagChange}
              />
            ) : null}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <button
                type="submit"
                className={buttonClass({ variant: "secondary", size: "sm", className: "no-js-only" })}
              >
                Apply filters
              </button>
              <Link to={searchHref({ q, categoryIds: [] })} className={buttonClass({ variant: "link", size: "sm" })}>
                Clear Filters
              </Link>
            </div>
          </div>
        </details>
      </Form>
    </search>
  );
}

/** A group of filters of one name (the categories, the tags): a fieldset of chips. */
function FilterChips({
  legend,
  name,
  chips,
  onChange,
  className,
}: {
  legend: string;
  name: string;
  chips: readonly { value: string; label: string; checked: boolean }[];
  onChange: (value: string, checked: boolean) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="mb-3 text-sm text-ink-muted">{legend}</legend>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <FilterChip
            key={chip.value}
            name={name}
            value={chip.value}
            label={chip.label}
            checked={chip.checked}
            onChange={(checked) => onChange(chip.value, checked)}
          />
        ))}
      </ul>
    </fieldset>
  );
}

/** One filter: a checkbox drawn as a chip (the form posts its name and value when ticked). */
function FilterChip({
  name,
  value,
  label,
  checked,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li>
      <label className="search-chip inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-medium text-ink select-none hover:border-line-strong has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-brand-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand">
        <input
          type="checkbox"
          name={name}
          value={value}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="sr-only"
        />
        <CheckIcon className={`size-3.5 ${checked ? "" : "hidden"}`} />
        {label}
      </label>
    </li>
  );
}
