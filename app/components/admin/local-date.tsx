import { useEffect, useState } from "react";
import { formatArticleDate } from "~/articles/format";
import { describeInZone } from "~/lib/zoned-time";

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

/**
 * A date and time in the admin's time zone: the server renders it in `serverZone` (TIME_ZONE,
 * default UTC) and names the zone, so the page reads right without JavaScript; after hydration
 * the browser rewrites it in its own zone.
 */
export function LocalDateTime({ iso, serverZone = "UTC" }: { iso: string; serverZone?: string }) {
  const [text, setText] = useState(() => describeInZone(iso, serverZone));
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) setText(describeInZone(iso, zone));
  }, [iso]);
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}
