/**
 * The form of an account page (register, forgot and reset password, setup, invitation): its alert,
 * the POST form with the page's fields, and one wide submit button showing its busy state.
 */
import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { FormAlert, type FormAlertData, StatusButton } from "~/components/forms";

export function AuthForm({
  alert,
  formProps,
  busy,
  submitProps,
  pendingText,
  submitLabel,
  children,
}: {
  alert: FormAlertData | null | undefined;
  formProps: ComponentProps<typeof Form>;
  busy: boolean;
  submitProps: Omit<ComponentProps<typeof StatusButton>, "pending" | "pendingText" | "children">;
  pendingText: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormAlert alert={alert} />
      <Form method="post" {...formProps}>
        {children}
        <StatusButton pending={busy} pendingText={pendingText} size="lg" className="mt-2 w-full" {...submitProps}>
          {submitLabel}
        </StatusButton>
      </Form>
    </>
  );
}
