/** The account page's Delete account form. */
import { Form } from "react-router";
import { Field, FormAlert, StatusButton, useValidatedForm } from "~/components/forms";
import { DeleteFormSchema } from "~/lib/account-settings-schemas";
import { type AccountReply, HEADING_CLASS, SECTION_CLASS } from "./section";

export function DeleteSection({ hasPassword, last }: { hasPassword: boolean; last: AccountReply | undefined }) {
  const { fields, formProps, busy } = useValidatedForm({
    id: "account-delete",
    schema: DeleteFormSchema,
    lastResult: last?.result,
  });
  return (
    <section aria-labelledby="delete-heading" className={`${SECTION_CLASS} border-danger-line`}>
      <h2 id="delete-heading" className={HEADING_CLASS}>
        Delete account
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        This removes your profile, sessions and reading list for good. Your comments stay, shown as written by a deleted
        user. {hasPassword ? "Enter your password to confirm." : "You must have signed in within the last 10 minutes."}
      </p>
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        {hasPassword ? (
          <Field field={fields.password} label="Password" type="password" autoComplete="current-password" />
        ) : null}
        <StatusButton pending={busy} pendingText="Deleting..." name="intent" value="delete" variant="destructive">
          Delete my account
        </StatusButton>
      </Form>
    </section>
  );
}
