/**
 * Conform wired the way every account form behaves (spec section 5):
 * - fields validate on each change (so the confirmation is re-checked when the password changes);
 * - with JavaScript the submit button is disabled (aria-disabled, so it stays focusable and says
 *   why) until every text field is filled and no field shows an error; a submission it blocks
 *   raises 'Invalid Form' (or 'Terms Required' when only the agreement box is missing);
 * - without JavaScript nothing is blocked: the form posts (noValidate) and the server answers
 *   with the same messages beside the fields.
 */
import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import { useNavigation } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { blockedSubmitToast } from "~/lib/account-schemas";
import { useHydrated } from "./use-hydrated";

/** The name of the hidden button Conform submits its own intents (validate, reset…) with. */
const INTENT = "__intent__";

export function useAccountForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string;
  schema: Schema;
  textFields: readonly string[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    // A stale result must not come back after the navigation it caused.
    lastResult: navigation.state === "idle" ? options.lastResult : null,
    constraint: getZodConstraint(options.schema),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }),
  });

  const values = (form.value ?? {}) as Record<string, unknown>;
  const filled = options.textFields.every((name) => typeof values[name] === "string" && (values[name] as string).length > 0);
  const showsError = Object.entries(form.allErrors).some(
    ([name, errors]) => name !== "" && name !== "agreedToTerms" && errors.length > 0,
  );
  const blocked = hydrated && (!filled || showsError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Conform validates by submitting with a hidden "__intent__" button: not the visitor's submission.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") === INTENT) {
      form.onSubmit(event);
      return;
    }
    if (busy) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event); // Conform shows every error and cancels an invalid submission
    if (event.defaultPrevented) {
      const submission = parseWithZod(new FormData(event.currentTarget), { schema: options.schema });
      const message = blockedSubmitToast(submission.status === "success" ? [] : Object.keys(submission.error ?? {}));
      toast.error(message.title, { description: message.description });
    }
  }

  return {
    form,
    fields,
    busy,
    /** Spread on the <Form>: posts without JavaScript, validates with it. */
    formProps: { id: form.id, onSubmit, noValidate: true },
    /** Spread on the submit button. */
    submitProps: { "aria-disabled": blocked || busy ? (true as const) : undefined },
  };
}
