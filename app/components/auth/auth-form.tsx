/**
 * The form of an account page (register, forgot and reset password, setup, invitation): its alert,
 * the POST form with the page's fields, and one wide submit button showing its busy state.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormAlert, type FormAlertData, StatusButton, type ValidatedForm } from "~/components/forms";

export function AuthForm({
  alert,
  form,
  pendingText,
  submitLabel,
  children,
}: {
  alert: FormAlertData | null | undefined;
  /** useValidatedForm's result: the form's props, its submit button's props and its busy state. */
  form: ValidatedForm;
  pendingText: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormAlert alert={alert} />
      <Form method="post" {...form.formProps}>
        {children}
        <StatusButton
          pending={form.busy}
          pendingText={pendingText}
          size="lg"
          className="mt-2 w-full"
          {...form.submitProps}
        >
          {submitLabel}
        </StatusButton>
      </Form>
    </>
  );
}
