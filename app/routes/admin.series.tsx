/**
 * /admin/series: every series with its number of parts, and the form that creates one. Editors
 * and administrators (series.manage); each row links to its page (rename, describe, reorder the
 * parts, delete).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { Cell, DataTable, EmptyList, ListPanel, RowHeader, RowLink } from "~/components/admin/list-kit";
import { SeriesForm, type TaxonomyActionData } from "~/components/admin/taxonomy-forms";
import { readForm } from "~/http/form.server";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
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
  const submission = parseWithZod(formData, { schema: SeriesSchema });
  const refuse = (status: number, alert: TaxonomyActionData["alert"], result = submission.reply()) =>
    data<TaxonomyActionData>({ form: "series", result, alert }, { status });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
  const input = toSeriesInput(submission.value);
  if ("fieldErrors" in input)
    return refuse(400, FORM_TOASTS.invalidForm, submission.reply({ fieldErrors: input.fieldErrors }));
  try {
    const outcome = await createSeries(user, input);
    if (outcome.status === "saved") {
      return redirectWithToast(
        adminSeriesHref(outcome.series.id),
        { type: "success", title: SERIES_TOASTS.created, description: outcome.series.name },
        { status: 303 },
      );
    }
    const fieldErrors = outcome.status === "invalid" ? outcome.fieldErrors : {};
    return refuse(
      400,
      { title: SERIES_TOASTS.saveFailed, description: Object.values(fieldErrors).flat().join(" ") },
      submission.reply({ fieldErrors }),
    );
  } catch (error) {
    return refuse(500, {
      title: SERIES_TOASTS.saveFailed,
      description: failedWrite({ request, context }, error, "series create failed"),
    });
  }
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
          <DataTable
            columns={["Name", "Address", { label: "Parts", align: "end" }, { label: "Actions", align: "end" }]}
          >
            {series.map((item) => (
              <tr key={item.id}>
                <RowHeader>{item.name}</RowHeader>
                <Cell className="">
                  <Link to={seriesHref(item.slug)} className="font-mono text-xs text-brand hover:underline">
                    /series/{item.slug}
                  </Link>
                </Cell>
                <Cell number>{item.partCount}</Cell>
                <Cell end className="">
                  <RowLink to={adminSeriesHref(item.id)} label={`Edit ${item.name}`}>
                    Edit
                  </RowLink>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </ListPanel>
      <AdminSection id="new-series-heading" title="New Series" headingClassName="mb-4">
        <SeriesForm mode="create" defaults={{ name: "", slug: "", description: "" }} actionData={actionData} />
      </AdminSection>
    </div>
  );
}
