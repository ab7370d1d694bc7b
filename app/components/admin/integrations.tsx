/**
 * The Integrations screen's parts (/admin/integrations): the list (key ids, never secrets; per
 * row Edit, Regenerate keys and Delete, each its own small form), the create and edit form, and
 * the panel that shows a new integration's keys once.
 */
import { Field, SelectField, StatusButton } from "~/components/forms";
import { ROLE_LABELS } from "~/auth/permissions";
import type { FormAnswer } from "~/lib/form-answer";
import { INTEGRATION_NAME_MAX, INTEGRATION_ROLES, IntegrationSchema } from "~/lib/integration-schema";
import { adminIntegrationsHref } from "~/lib/urls";
import { LocalDate } from "./local-date";
import { IntentForm, useIntentForm } from "./intent-form";
import { Cell, DataTable, EmptyList, ListPanel, RowActionForm, RowHeader, RowLink } from "./list-kit";

type Role = (typeof INTEGRATION_ROLES)[number];
type Listed = { id: number; name: string; role: Role; contentKey: string; adminKeyId: string; createdAt: string };

const ROLE_OPTIONS = INTEGRATION_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function IntegrationList({ integrations, apiUrl }: { integrations: Listed[]; apiUrl: string }) {
  return (
    <ListPanel id="integrations-heading" title={`All Integrations (${integrations.length})`} className="mt-8">
      {integrations.length === 0 ? (
        <EmptyList title="No integrations">Create one below to give a program its keys.</EmptyList>
      ) : (
        <DataTable
          caption="Integrations"
          scrollLabel="Integrations (scrolls sideways on a narrow screen)"
          columns={[
            "Name",
            "Role",
            "Content API key",
            "Admin API key id",
            "Created",
            { label: "Actions", align: "end" },
          ]}
        >
          {integrations.map((integration) => (
            <tr key={integration.id}>
              <RowHeader>{integration.name}</RowHeader>
              <Cell>{ROLE_LABELS[integration.role]}</Cell>
              <Cell className="font-mono text-xs whitespace-nowrap text-ink-muted">{integration.contentKey}</Cell>
              <Cell className="font-mono text-xs whitespace-nowrap text-ink-muted">{integration.adminKeyId}</Cell>
              <Cell className="whitespace-nowrap text-ink-muted">
                <LocalDate iso={integration.createdAt} />
              </Cell>
              <Cell end>
                <div className="flex justify-end gap-2 whitespace-nowrap">
                  <RowLink to={adminIntegrationsHref({ edit: integration.id })} label={`Edit ${integration.name}`}>
                    Edit
                  </RowLink>
                  <RowActionForm
                    fields={{ intent: "regenerate", id: integration.id }}
                    label={`Regenerate the keys of ${integration.name}`}
                  >
                    Regenerate keys
                  </RowActionForm>
                  <RowActionForm
                    fields={{ intent: "delete", id: integration.id }}
                    label={`Delete ${integration.name}`}
                    variant="destructive-outline"
                  >
                    Delete
                  </RowActionForm>
                </div>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="px-4 py-3 text-xs text-ink-muted sm:px-6">
        API URL: <code className="font-mono">{apiUrl}</code>. Deleting an integration or regenerating its keys stops the
        old keys at once.
      </p>
    </ListPanel>
  );
}

export function IntegrationForm({
  mode,
  defaults,
  actionData,
}: {
  mode: "create" | "update";
  defaults: { id: number | null; name: string; role: Role };
  actionData: FormAnswer | undefined;
}) {
  const form = useIntentForm({
    form: mode,
    intent: mode,
    answer: actionData,
    id: `integration-${mode}`,
    schema: IntegrationSchema,
    defaultValue: { name: defaults.name, role: defaults.role },
    requiredText: ["name"],
  });
  const { fields } = form;
  return (
    <IntentForm form={form}>
      {defaults.id !== null ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          field={fields.name}
          label="Name"
          autoComplete="off"
          hint="Who uses the keys: “Zapier”, “CI publisher”, “Next.js front end”."
          inputProps={{ maxLength: INTEGRATION_NAME_MAX }}
        />
        <SelectField
          field={fields.role}
          label="Role"
          options={ROLE_OPTIONS}
          hint="What its Admin API calls may do: a Contributor writes drafts only, an Author also publishes."
        />
      </div>
      <StatusButton pending={form.busy} pendingText="Saving..." {...form.submitProps}>
        {mode === "create" ? "Create Integration" : "Save Integration"}
      </StatusButton>
    </IntentForm>
  );
}

/** A new integration's keys (created or regenerated): the only time the Admin API secret is shown. */
export function IntegrationKeysPanel({
  made,
  apiUrl,
}: {
  made: { name: string; contentKey: string; adminKey: string };
  apiUrl: string;
}) {
  const rows = [
    ["Content API key", made.contentKey],
    ["Admin API key", made.adminKey],
    ["API URL", apiUrl],
  ] as const;
  return (
    <section
      aria-labelledby="new-keys-heading"
      role="status"
      className="mt-8 rounded-lg border border-line bg-surface-raised p-4 shadow-sm sm:p-6"
    >
      <h2 id="new-keys-heading" className="text-lg font-semibold text-ink">
        Keys of {made.name}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Copy the Admin API key now: it is shown only once. Anyone who has it can act as this integration.
      </p>
      <dl className="mt-4 grid gap-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
            <dd className="mt-1 font-mono text-sm break-all text-ink select-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
