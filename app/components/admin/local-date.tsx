import { useEffect, useState } from "react";
import { formatArticleDate } from "~/articles/format";

/**
 * A date in the reader's own time zone. The server renders the UTC date (so the page reads
 * right without JavaScript); after hydration the browser rewrites it with toLocaleDateString.
 */
export function LocalDate({ iso }: { iso: string }) {
  const [text, setText] = useState(() => formatArticleDate(iso));
  useEffect(() => {
    const date = new Date(iso);
    if (!Number.isNaN(date.getTime())) {
      setText(date.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }));
    }
  }, [iso]);
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}
