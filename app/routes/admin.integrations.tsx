/**
 * /admin/integrations (issue 42): the keys other programs use on Ghost's Content and Admin APIs.
 * Administrators (integrations.manage) create one (name and role), rename it or change its role,
 * regenerate its keys, delete it. The Admin API secret is shown whole only in the answer to a
 * create or a regenerate (never stored in a page the loader makes); the list shows key ids.
 */
import { data } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { IntegrationForm, IntegrationKeysPanel, IntegrationList } from "~/components/admin/integrations";
import { env } from "~/env.server";
import { answerForm } from "~/http/actions/form-answer.server";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  createIntegration,
  deleteIntegration,
  IntegrationNameTakenError,
  listIntegrations,
  regenerateIntegrationKeys,
  renameIntegration,
} from "~/integrations/integrations.server";
import { parseId } from "~/lib/ids";
import { INTEGRATION_TOASTS, IntegrationSchema } from "~/lib/integration-schema";
import { noindexMeta } from "~/lib/seo";
import { adminIntegrationsHref } from "~/lib/urls";
import type { Route } from "./+types/admin.integrations";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, "integrations.manage");
  const integrations = await readOrThrow({ request, context }, "integrations", () => listIntegrations());
  const editId = parseId(new URL(request.url).searchParams.get("edit"));
  const editing = integrations.find((integration) => integration.id === editId) ?? null;
  return {
    apiUrl: env().SITE_URL,
    integrations: integrations.map(({ createdAt, ...rest }) => ({ ...rest, createdAt: createdAt.toISOString() })),
    editing: editing ? { id: editing.id, name: editing.name, role: editing.role } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "integrations.manage");
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = parseId(String(formData.get("id") ?? ""));
  const failed = INTEGRATION_TOASTS.saveFailed;
  if (intent === "create" || intent === "update") {
    const options = { form: intent, schema: IntegrationSchema, failed, note: `integration ${intent} failed` };
    return answerForm({ request, context }, formData, options, async (value) => {
      try {
        if (intent === "create") {
          const made = await createIntegration({ name: value.name, role: value.role }, user);
          return { shown: { ...made, createdAt: made.createdAt.toISOString() } };
        }
        const saved = id === null ? null : await renameIntegration(id, { name: value.name, role: value.role }, user);
        if (!saved) return { fieldErrors: { name: ["This integration no longer exists."] } };
        return redirectWithToast(
          adminIntegrationsHref(),
          { type: "success", title: INTEGRATION_TOASTS.updated, description: saved.name },
          { status: 303 },
        );
      } catch (error) {
        if (error instanceof IntegrationNameTakenError) return { fieldErrors: { name: [error.message] } };
        throw error;
      }
    });
  }
  if (intent === "regenerate" && id !== null) {
    const made = await regenerateIntegrationKeys(id, user);
    if (made) return { shown: { ...made, createdAt: made.createdAt.toISOString() } };
  }
  if (intent === "delete" && id !== null && (await deleteIntegration(id, user))) {
    return redirectWithToast(
      adminIntegrationsHref(),
      { type: "success", title: INTEGRATION_TOASTS.deleted },
      { status: 303 },
    );
  }
  throw data("This integration no longer exists.", { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Integrations");

export default function AdminIntegrations({ loaderData, actionData }: Route.ComponentProps) {
  const { apiUrl, integrations, editing } = loaderData;
  const made = actionData && "shown" in actionData ? actionData.shown : null;
  const answer = actionData && "form" in actionData ? actionData : undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Integrations"
        lead="Keys for other programs (Ghost's API clients, writing apps, a CI pipeline). Each acts with the role you give it."
      />
      {made ? <IntegrationKeysPanel made={made} apiUrl={apiUrl} /> : null}
      <IntegrationList integrations={integrations} apiUrl={apiUrl} />
      {editing ? (
        <AdminSection id="edit-integration-heading" title={`Edit ${editing.name}`} headingClassName="mb-4">
          <IntegrationForm mode="update" defaults={editing} actionData={answer} />
        </AdminSection>
      ) : null}
      <AdminSection id="new-integration-heading" title="New Integration" headingClassName="mb-4">
        <IntegrationForm mode="create" defaults={{ id: null, name: "", role: "editor" }} actionData={answer} />
      </AdminSection>
    </div>
  );
}
