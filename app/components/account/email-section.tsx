/** The account page's Email form: a link to the new address changes it. */
import { Form } from "react-router";
import { Field, FormAlert, StatusButton, useValidatedForm } from "~/components/forms";
import { EmailFormSchema } from "~/lib/account-settings-schemas";
import { type AccountReply, AccountSection } from "./section";

export function EmailSection({ email, last }: { email: string; last: AccountReply | undefined }) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "account-email",
    schema: EmailFormSchema,
    lastResult: last?.result,
  });
  return (
    <AccountSection id="email-heading" title="Email">
      <p className="mt-2 text-sm text-ink-muted">
        Now: <span className="font-medium text-ink">{email}</span>. We mail a link to the new address; it changes when
        you follow it.
      </p>
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        <Field field={fields.email} label="New email" type="email" autoComplete="email" />
        <StatusButton pending={busy} pendingText="Sending..." name="intent" value="email" {...submitProps}>
          Change email
        </StatusButton>
      </Form>
    </AccountSection>
  );
}
