/** The account page's Name form. */
import { Form } from "react-router";
import { Field, FormAlert, StatusButton, useValidatedForm } from "~/components/forms";
import { NameFormSchema } from "~/lib/account-settings-schemas";
import { type AccountReply, AccountSection } from "./section";

export function NameSection({ name, last }: { name: string; last: AccountReply | undefined }) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "account-name",
    schema: NameFormSchema,
    lastResult: last?.result,
    defaultValue: { name },
  });
  return (
    <AccountSection id="name-heading" title="Name">
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        <Field field={fields.name} label="Full name" autoComplete="name" />
        <StatusButton pending={busy} pendingText="Saving..." name="intent" value="name" {...submitProps}>
          Save name
        </StatusButton>
      </Form>
    </AccountSection>
  );
}
