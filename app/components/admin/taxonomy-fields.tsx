/**
 * The article form's Tags and Series fields (issue 26).
 *
 * Tags are one comma-separated text field: without JavaScript it posts as typed (the server
 * normalises and checks it with the shared schema). The field's datalist offers the existing tags;
 * with JavaScript its options follow what is typed, completing the last tag of the list (each
 * option is the whole field's text with that tag completed), so a suggestion never replaces the
 * tags already typed.
 */
import type { FieldMetadata } from "@conform-to/react";
import { useMemo, useState } from "react";
import { Field, SelectField } from "~/components/forms";
import { useHydrated } from "~/components/ui/use-hydrated";
import { parseTagList, TAG_LIMITS, tagSlug } from "~/lib/tag-names";

const MAX_SUGGESTIONS = 8;

/** The datalist's options for `text`: every tag without JavaScript; completions of the last one with it. */
export function tagSuggestionsFor(text: string, known: readonly string[], hydrated: boolean): string[] {
  if (!hydrated) return [...known];
  const cut = text.lastIndexOf(",");
  const head = cut < 0 ? "" : `${text.slice(0, cut + 1).trimEnd()} `;
  const last = tagSlug(cut < 0 ? text : text.slice(cut + 1));
  const taken = new Set(parseTagList(cut < 0 ? "" : text.slice(0, cut)).tags.map((tag) => tag.slug));
  if (taken.size >= TAG_LIMITS.count) return [];
  return known
    .filter((name) => {
      const slug = tagSlug(name);
      return !taken.has(slug) && (last === "" || slug.startsWith(last));
    })
    .slice(0, MAX_SUGGESTIONS)
    .map((name) => `${head}${name}`);
}

export function TaxonomyFields({
  fields,
  tagText,
  knownTags,
  series,
}: {
  fields: {
    tags: FieldMetadata<string | undefined>;
    seriesId: FieldMetadata<number | undefined>;
  };
  /** The Tags field's current text (Conform's value). */
  tagText: string;
  /** Existing tags' names, for suggestions. */
  knownTags: readonly string[];
  series: readonly { id: number; name: string }[];
}) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? tagText;
  const options = useMemo(() => tagSuggestionsFor(text, knownTags, hydrated), [text, knownTags, hydrated]);
  const listId = `${fields.tags.id}-suggestions`;
  return (
    <>
      <Field
        field={fields.tags}
        label="Tags"
        optional
        autoComplete="off"
        hint={`Up to ${TAG_LIMITS.count}, separated by commas (for example react, testing).`}
        inputProps={{
          list: listId,
          maxLength: TAG_LIMITS.field,
          autoCapitalize: "none",
          onInput: (event) => setTyped(event.currentTarget.value),
        }}
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      <SelectField
        field={fields.seriesId}
        label="Series"
        placeholder="No series"
        options={series.map((item) => ({ value: String(item.id), label: item.name }))}
        hint="A new part goes at the end; editors reorder parts on the Series page."
      />
    </>
  );
}
