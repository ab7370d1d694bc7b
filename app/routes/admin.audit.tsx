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
import { controlClass } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { noindexMeta } from "~/lib/seo";
import { auditHref } from "~/lib/urls";
import { getSiteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/admin.audit";

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

const cell = "px-4 py-3";

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
        <div>
          <label htmlFor="audit-actor" className="block text-sm font-medium text-ink">
            Person
          </label>
          <select
            id="audit-actor"
            name="actor"
            defaultValue={filter.actor ?? ""}
            className={`${controlClass} mt-1 h-10 w-56`}
          >
            <option value="">Everyone</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-kind" className="block text-sm font-medium text-ink">
            Kind
          </label>
          <select
            id="audit-kind"
            name="kind"
            defaultValue={filter.kind ?? ""}
            className={`${controlClass} mt-1 h-10 w-44`}
          >
            <option value="">All kinds</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind[0]!.toUpperCase() + kind.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Filter
        </button>
        {filter.actor || filter.kind || filter.before ? (
          <Link to="/admin/audit" className={`${textLinkClass} pb-2 text-sm`}>
            Newest, all entries
          </Link>
        ) : null}
      </Form>

      <section
        aria-label="Audit entries"
        className="mt-6 overflow-x-auto rounded-xl border border-line bg-surface shadow-sm"
      >
        {entries.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-ink-muted">No entries.</p>
        ) : (
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-surface-sunken text-xs tracking-wide text-ink-muted uppercase">
              <tr>
                <th scope="col" className={cell}>
                  When
                </th>
                <th scope="col" className={cell}>
                  Person
                </th>
                <th scope="col" className={cell}>
                  Kind
                </th>
                <th scope="col" className={cell}>
                  What
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={`${cell} whitespace-nowrap text-ink-muted`}>
                    <LocalDateTime iso={entry.createdAt} serverZone={timeZone} />
                  </td>
                  <td className={`${cell} text-ink`}>{entry.actorName}</td>
                  <td className={`${cell} text-ink-muted`}>{entry.kind}</td>
                  <td className={`${cell} text-ink`}>{entry.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
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
