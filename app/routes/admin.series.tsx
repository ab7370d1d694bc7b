/**
 * /admin/series: every series with its number of parts, and the form that creates one. Editors
 * and administrators (series.manage); each row links to its page (rename, describe, reorder the
 * parts, delete).
 */
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { AddressTable, EmptyList, ListPanel } from "~/components/admin/list-kit";
import { NamedForm } from "~/components/admin/taxonomy-forms";
import { answerForm, outcomeAnswer } from "~/http/actions/form-answer.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { SERIES_TOASTS, SeriesSchema } from "~/lib/taxonomy-schemas";
import { adminSeriesHref, seriesHref } from "~/lib/urls";
import { createSeries, listAdminSeries, toSeriesInput } from "~/taxonomy/series-admin.server";
import type { Route } from "./+types/admin.series";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "series.manage");
  const series = await readOrThrow({ request, context }, "articles", () => listAdminSeries());
  return { series };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "series.manage");
  const formData = await readForm(request);
  const options = { form: "series", schema: SeriesSchema, failed: SERIES_TOASTS.saveFailed };
  return answerForm({ request, context }, formData, { ...options, note: "series create failed" }, async (value) => {
    const input = toSeriesInput(value);
    if ("fieldErrors" in input) return { fieldErrors: input.fieldErrors, alert: FORM_TOASTS.invalidForm };
    return outcomeAnswer(await createSeries(user, input), ({ series }) =>
      redirectWithToast(
        adminSeriesHref(series.id),
        { type: "success", title: SERIES_TOASTS.created, description: series.name },
        { status: 303 },
      ),
    );
  });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Series");

export default function AdminSeries({ loaderData, actionData }: Route.ComponentProps) {
  const { series } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Series"
        lead="A series is read in order: writers add an article to one in the editor, you order the parts here."
      />
      <ListPanel id="series-heading" title={`All Series (${series.length})`} className="mt-8 overflow-x-auto">
        {series.length === 0 ? (
          <EmptyList title="No series yet">Create the first one below.</EmptyList>
        ) : (
          <AddressTable
            rows={series.map((item) => ({ ...item, count: item.partCount }))}
            countLabel="Parts"
            prefix="/series/"
            hrefFor={seriesHref}
            editHrefFor={adminSeriesHref}
          />
        )}
      </ListPanel>
      <AdminSection id="new-series-heading" title="New Series" headingClassName="mb-4">
        <NamedForm
          kind="series"
          mode="create"
          defaults={{ name: "", slug: "", description: "" }}
          actionData={actionData}
        />
      </AdminSection>
    </div>
  );
}
