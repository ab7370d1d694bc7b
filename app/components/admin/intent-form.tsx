/**
 * A page with several forms posting to one action, each with its hidden `intent` (create, update,
 * delete, rename, merge…): `useIntentForm` wires one of them to the form kit, taking only the
 * action's answer meant for it (`FormAnswer.form`) and busy only for its own intent; `IntentForm`
 * is its alert, the POST form and the hidden intent.
 */
import type { DefaultValue } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormAlert, useValidatedForm } from "~/components/forms";
import type { FormAnswer } from "~/lib/form-answer";

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** Two forms post to one page: each is busy only for its own intent. */
export function useIntentBusy(busy: boolean, intent: string) {
  const navigation = useNavigation();
  return busy && navigation.formData?.get("intent") === intent;
}

export function useIntentForm<Schema extends ObjectSchema>(options: {
  /** The form's name in the action's answer. */
  form: string;
  intent: string;
  answer: FormAnswer | undefined;
  id: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
  requiredText?: readonly string[];
}) {
  const { form, intent, answer, ...rest } = options;
  const mine = answer?.form === form ? answer : undefined;
  const validated = useValidatedForm({ ...rest, lastResult: mine?.result });
  const busy = useIntentBusy(validated.busy, intent);
  return { ...validated, busy, alert: mine?.alert, intent };
}

export function IntentForm({
  form,
  children,
}: {
  form: Pick<ReturnType<typeof useIntentForm>, "alert" | "formProps" | "intent">;
  children: ReactNode;
}) {
  return (
    <>
      <FormAlert alert={form.alert} />
      <Form method="post" {...form.formProps}>
        <input type="hidden" name="intent" value={form.intent} />
        {children}
      </Form>
    </>
  );
}
