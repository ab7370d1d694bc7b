/**
 * A series' parts in order on its admin page. Each row has Move up / Move down (its own small
 * form: a plain post without JavaScript, a fetcher with it). With JavaScript the rows can also be
 * dragged: dropping one posts the whole new order (intent "reorder"), and the list shows it at
 * once while the server renumbers under the series' lock.
 */
import { type DragEvent, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { SeriesPart } from "~/taxonomy/taxonomy-view";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MoveButtons } from "./list-kit";
import { articleEditHref } from "~/lib/urls";

const STATUS_LABELS = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;

export function SeriesPartsList({ parts }: { parts: readonly SeriesPart[] }) {
  const hydrated = useHydrated();
  const reorder = useFetcher();
  const [dragged, setDragged] = useState<number | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  // What the list shows: the order being dragged or sent, else the server's.
  const pending = reorder.formData?.get("order");
  const shownIds = order ?? (typeof pending === "string" ? pending.split(",").map(Number) : parts.map((p) => p.id));
  const byId = new Map(parts.map((part) => [part.id, part]));
  const shown = shownIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  for (const part of parts) if (!shownIds.includes(part.id)) shown.push(part);

  function onDragOver(event: DragEvent<HTMLLIElement>, overId: number) {
    if (dragged === null || dragged === overId) return;
    event.preventDefault();
    // The dragged part takes the place of the one under the pointer.
    const ids = shown.map((part) => part.id);
    const to = ids.indexOf(overId);
    ids.splice(ids.indexOf(dragged), 1);
    ids.splice(to, 0, dragged);
    setOrder(ids);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    if (order) reorder.submit({ intent: "reorder", order: order.join(",") }, { method: "post" });
    setDragged(null);
    setOrder(null);
  }

  if (parts.length === 0)
    return (
      <p className="px-4 py-8 text-center text-sm text-ink-muted sm:px-6">
        No parts yet: add an article to this series in the editor.
      </p>
    );
  return (
    <>
      {hydrated ? (
        <p className="px-4 pt-3 text-xs text-ink-muted sm:px-6">Drag a part to move it, or use Up and Down.</p>
      ) : null}
      <ol className="divide-y divide-line" data-testid="series-part-list" onDrop={onDrop}>
        {shown.map((part, index) => (
          <li
            key={part.id}
            draggable={hydrated}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", String(part.id));
              setDragged(part.id);
            }}
            onDragOver={(event) => onDragOver(event, part.id)}
            onDragEnd={() => {
              setDragged(null);
              setOrder(null);
            }}
            className={`flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6 ${hydrated ? "cursor-grab" : ""} ${dragged === part.id ? "opacity-50" : ""}`}
            data-testid="series-part"
          >
            <span className="w-8 shrink-0 text-right text-sm tabular-nums text-ink-muted">{index + 1}.</span>
            <div className="min-w-0 flex-1">
              <Link to={articleEditHref(part.id)} className="font-semibold text-ink hover:text-brand hover:underline">
                {part.title}
              </Link>
              <p className="text-xs text-ink-muted">
                {STATUS_LABELS[part.status]}
                {part.part !== null ? ` · Part ${part.part} for readers` : " · not shown to readers"}
              </p>
            </div>
            <PartMoveForm part={part} first={index === 0} last={index === shown.length - 1} />
          </li>
        ))}
      </ol>
    </>
  );
}

function PartMoveForm({ part, first, last }: { part: SeriesPart; first: boolean; last: boolean }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" className="flex gap-1" aria-busy={fetcher.state !== "idle"}>
      <input type="hidden" name="article" value={part.id} />
      <MoveButtons name={part.title} first={first} last={last} />
    </fetcher.Form>
  );
}
