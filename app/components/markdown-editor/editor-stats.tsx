/**
 * The words and reading time of the text being written, counted by the rules the article is
 * saved with (readingMinutes and wordCounts, docs/decisions/0016-reading-time.md). Rendered on
 * the server for the text as it is; with JavaScript it follows the typing (deferred, so a long
 * article never slows the keys). Not a live region: it would speak at every key.
 */
import { useDeferredValue, useMemo } from "react";
import { readingMinutes, wordCounts } from "~/lib/content";

const number = new Intl.NumberFormat("en-US");

export function EditorStats({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  // Counted once per text, not at every render of the field.
  const { words, minutes } = useMemo(() => {
    const { prose, code } = wordCounts(deferred);
    return { words: prose + code, minutes: readingMinutes(deferred) };
  }, [deferred]);
  return (
    <p data-testid="editor-stats" className="text-xs text-ink-muted tabular-nums">
      {number.format(words)} {words === 1 ? "word" : "words"} · {minutes} min read
    </p>
  );
}
