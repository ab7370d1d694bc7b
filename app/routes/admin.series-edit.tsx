/**
 * /admin/series/{id}: rename and describe a series, reorder its parts (Move up / Move down
 * without JavaScript, dragging with it: intent "reorder" posts the whole order), or delete it
 * (its articles stay, in no series). Editors and administrators (series.manage).
 */
import { data } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AddressLead, AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { ListPanel, RowActionForm } from "~/components/admin/list-kit";
import { SeriesPartsList } from "~/components/admin/series-parts";
import { NamedForm } from "~/components/admin/taxonomy-forms";
import { answerForm, outcomeAnswer } from "~/http/actions/form-answer.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { parseId } from "~/lib/ids";
import { noindexMeta } from "~/lib/seo";
import { SERIES_TOASTS, SeriesSchema } from "~/lib/taxonomy-schemas";
import { adminSeriesHref, seriesHref } from "~/lib/urls";
import {
  deleteSeries,
  getAdminSeries,
  moveSeriesPart,
  reorderSeries,
  toSeriesInput,
  updateSeries,
} from "~/taxonomy/series-admin.server";
import type { Route } from "./+types/admin.series-edit";

const missing = () =>
  redirectWithToast(adminSeriesHref(), { type: "error", title: SERIES_TOASTS.notFound }, { status: 303 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission(request, "series.manage");
  const id = parseId(params.id);
  if (id === null) throw await missing();
  const series = await readOrThrow({ request, context }, "articles", () => getAdminSeries(id));
  if (!series) throw await missing();
  return { series };
}

/** "3,1,2": at most 500 ids; null when it is not such a list. */
function parseOrder(value: FormDataEntryValue | null): number[] | null {
  if (typeof value !== "string" || value.length > 6_000) return null;
  const ids = value.split(",").map((part) => parseId(part.trim()));
  return ids.length <= 500 && ids.every((id) => id !== null) ? (ids as number[]) : null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "series.manage");
  const id = parseId(params.id);
  if (id === null) return missing();
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const back = adminSeriesHref(id);

  if (intent === "up" || intent === "down" || intent === "reorder") {
    let outcome: Awaited<ReturnType<typeof reorderSeries>>;
    if (intent === "reorder") {
      const order = parseOrder(formData.get("order"));
      if (!order) throw data("Bad Request: the order is a comma-separated list of article ids.", { status: 400 });
      outcome = await reorderSeries(user, id, order);
    } else {
      const article = parseId(formData.get("article"));
      if (article === null) throw data("Bad Request: no article id.", { status: 400 });
      outcome = await moveSeriesPart(user, id, article, intent);
    }
    if (outcome === "not-found") return missing();
    return redirectWithToast(
      back,
      { type: "success", title: outcome === "moved" ? SERIES_TOASTS.moved : "Already there" },
      { status: 303 },
    );
  }
  if (intent === "delete") {
    const deleted = await deleteSeries(user, id);
    if (!deleted) return missing();
    return redirectWithToast(
      adminSeriesHref(),
      { type: "success", title: SERIES_TOASTS.deleted, description: deleted.name },
      { status: 303 },
    );
  }

  const options = { form: "series", schema: SeriesSchema, failed: SERIES_TOASTS.saveFailed };
  return answerForm({ request, context }, formData, { ...options, note: "series save failed" }, async (value) => {
    const input = toSeriesInput(value);
    if ("fieldErrors" in input) return { fieldErrors: input.fieldErrors, alert: FORM_TOASTS.invalidForm };
    const outcome = await updateSeries(user, id, input);
    return outcomeAnswer(
      outcome,
      ({ series }) =>
        redirectWithToast(
          back,
          { type: "success", title: SERIES_TOASTS.updated, description: series.name },
          { status: 303 },
        ),
      missing,
    );
  });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Edit Series");

export default function EditSeries({ loaderData, actionData }: Route.ComponentProps) {
  const { series } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Edit Series"
        lead={
          <AddressLead
            to={seriesHref(series.slug)}
            address={`/series/${series.slug}`}
            back={adminSeriesHref()}
            backLabel="All series"
          />
        }
      />
      <ListPanel id="parts-heading" title={`Parts (${series.parts.length})`}>
        <SeriesPartsList parts={series.parts} />
      </ListPanel>
      <AdminSection id="edit-heading" title={series.name} headingClassName="mb-4">
        <NamedForm
          key={`${series.id}:${series.name}:${series.slug}`}
          kind="series"
          mode="edit"
          defaults={{ name: series.name, slug: series.slug, description: series.description }}
          actionData={actionData}
        />
      </AdminSection>
      <AdminSection id="delete-heading" title="Delete this series" danger headingClassName="mb-2">
        <p className="mb-4 text-sm text-ink-muted">Its articles stay published, in no series. This cannot be undone.</p>
        <RowActionForm fields={{ intent: "delete" }} variant="destructive" label={`Delete the series ${series.name}`}>
          Delete Series
        </RowActionForm>
      </AdminSection>
    </div>
  );
}
