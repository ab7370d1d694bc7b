/** The account page's Password form (change it, or set one after signing up through OAuth). */
import { Form } from "react-router";
import { Field, FormAlert, StatusButton, useValidatedForm } from "~/components/forms";
import { PasswordFormSchema } from "~/lib/account-settings-schemas";
import { type AccountReply, AccountSection } from "./section";

export function PasswordSection({ hasPassword, last }: { hasPassword: boolean; last: AccountReply | undefined }) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "account-password",
    schema: PasswordFormSchema,
    lastResult: last?.result,
  });
  return (
    <AccountSection id="password-heading" title={hasPassword ? "Password" : "Set a password"}>
      <p className="mt-2 text-sm text-ink-muted">
        {hasPassword
          ? "Changing it signs you out on every other device."
          : "You sign in with GitHub or Google. A password lets you sign in with your email too."}
      </p>
      <FormAlert alert={last?.alert} />
      <Form method="post" {...formProps} className="mt-4">
        {hasPassword ? (
          <Field
            field={fields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <Field field={fields.password} label="New password" type="password" autoComplete="new-password" />
        <Field
          field={fields.confirmPassword}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <StatusButton pending={busy} pendingText="Saving..." name="intent" value="password" {...submitProps}>
          {hasPassword ? "Change password" : "Set password"}
        </StatusButton>
      </Form>
    </AccountSection>
  );
}
