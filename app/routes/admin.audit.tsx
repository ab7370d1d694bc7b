/**
 * /admin/audit (administrators: "audit.read"): the audit log, newest first, 50 entries a page,
 * by person (?actor=) and kind (?kind=); "Older entries" pages by the last entry's id (?before=).
 * The filters are a GET form, so everything works without JavaScript.
 */
import { Form, Link } from "react-router";
import { AUDIT_KINDS, isAuditKind, listAudit, listAuditActors } from "~/audit/audit.server";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { LocalDateTime } from "~/components/admin/local-date";
import { controlClass, FilterSelect } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { noindexMeta } from "~/lib/seo";
import { auditHref } from "~/lib/urls";
import { getSiteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/admin.audit";
import { Cell, DataTable, EmptyList, ListPanel } from "~/components/admin/list-kit";

function positiveInt(value: string | null) {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "audit.read");
  const url = new URL(request.url);
  const actor = positiveInt(url.searchParams.get("actor"));
  const kindParam = url.searchParams.get("kind");
  const kind = isAuditKind(kindParam) ? kindParam : undefined;
  const before = positiveInt(url.searchParams.get("before"));
  const [page, actors, settings] = await Promise.all([
    listAudit({ actorUserId: actor, kind, before }),
    listAuditActors(),
    getSiteSettings(),
  ]);
  return {
    entries: page.rows.map((row) => ({
      id: row.id,
      actorName: row.actorName,
      kind: row.kind,
      action: row.action,
      summary: row.summary,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: page.nextBefore,
    actors,
    filter: { actor: actor ?? null, kind: kind ?? null, before: before ?? null },
    timeZone: settings.timeZone,
    kinds: AUDIT_KINDS,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Audit log");

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, actors, filter, timeZone, kinds } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Audit log" lead="Every change made in the admin panel: who, what and when." />
      <Form
        method="get"
        action="/admin/audit"
        className="mt-6 flex flex-wrap items-end gap-3"
        aria-label="Filter the audit log"
      >
        {[
          {
            name: "actor",
            label: "Person",
            width: "w-56",
            value: filter.actor,
            allLabel: "Everyone",
            options: actors.map((actor) => ({ value: actor.id, label: actor.name })),
          },
          {
            name: "kind",
            label: "Kind",
            width: "w-44",
            value: filter.kind,
            allLabel: "All kinds",
            options: kinds.map((kind) => ({ value: kind, label: kind[0]!.toUpperCase() + kind.slice(1) })),
          },
        ].map((select) => (
          <div key={select.name}>
            <FilterSelect
              id={`audit-${select.name}`}
              name={select.name}
              label={select.label}
              labelClassName="block text-sm font-medium text-ink"
              className={`${controlClass} mt-1 h-10 ${select.width}`}
              value={select.value ?? ""}
              allLabel={select.allLabel}
              options={select.options}
            />
          </div>
        ))}
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Filter
        </button>
        {filter.actor || filter.kind || filter.before ? (
          <Link to="/admin/audit" className={`${textLinkClass} pb-2 text-sm`}>
            Newest, all entries
          </Link>
        ) : null}
      </Form>

      <ListPanel label="Audit entries" className="mt-6 overflow-x-auto">
        {entries.length === 0 ? (
          <EmptyList title="No entries." />
        ) : (
          <DataTable className="w-full min-w-[40rem] text-left text-sm" columns={["When", "Person", "Kind", "What"]}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <Cell className="whitespace-nowrap text-ink-muted">
                  <LocalDateTime iso={entry.createdAt} serverZone={timeZone} />
                </Cell>
                <Cell className="text-ink">{entry.actorName}</Cell>
                <Cell>{entry.kind}</Cell>
                <Cell className="text-ink">{entry.summary}</Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </ListPanel>
      {nextBefore ? (
        <p className="mt-4">
          <Link
            to={auditHref({ actor: filter.actor, kind: filter.kind, before: nextBefore })}
            className={buttonClass({ variant: "secondary" })}
          >
            Older entries
          </Link>
        </p>
      ) : null}
    </div>
  );
}
