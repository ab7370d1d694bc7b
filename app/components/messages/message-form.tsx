/**
 * The pieces the Contact and Write for Us pages share: the page frame, the honeypot field (off
 * screen, out of the tab order and hidden from assistive technology: only a bot fills it) and the
 * form around each page's own fields (alert, honeypot, name, email, the send button).
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field, FormAlert, type FormAlertData, StatusButton, type ValidatedForm } from "~/components/forms";
import { HONEYPOT_FIELD } from "~/lib/message-schemas";

export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website (leave this empty)
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function MessagePage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <div className="mt-3 text-ink-muted">{lead}</div>
      </header>
      <div className="relative mt-8">{children}</div>
    </div>
  );
}

/** The message form: the alert, the honeypot, name and email, the page's own fields, then Send. */
export function MessageForm({
  alert,
  form,
  fields,
  submitLabel,
  children,
}: {
  alert: FormAlertData | null | undefined;
  /** useValidatedForm's result: the form's props, its submit button's props and its busy state. */
  form: ValidatedForm;
  fields: { name: FieldMetadata<string | undefined>; email: FieldMetadata<string | undefined> };
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormAlert alert={alert} />
      <Form method="post" {...form.formProps}>
        <HoneypotField />
        <Field field={fields.name} label="Name" autoComplete="name" />
        <Field field={fields.email} label="Email" type="email" autoComplete="email" />
        {children}
        <StatusButton pending={form.busy} pendingText="Sending..." size="lg" className="mt-2" {...form.submitProps}>
          {submitLabel}
        </StatusButton>
      </Form>
    </>
  );
}
