/**
 * The admin sign-in form's behaviour (spec sections 4 and 5): fields validate as they change;
 * with JavaScript the submit button is disabled (aria-disabled, so it stays focusable) while
 * the form is incomplete or invalid or while signing in, and a submission it blocks raises
 * 'Invalid Form'. Without JavaScript nothing is blocked: the server answers with the same
 * messages under the fields.
 */
import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import { useNavigation } from "react-router";
import { toast } from "sonner";
import { FORM_TOASTS, LOGIN_TEXT_FIELDS, LoginSchema } from "~/lib/account-schemas";
import { useHydrated } from "../auth/use-hydrated";

/** Conform's own validate/update intents travel as submissions with this button name. */
const CONFORM_INTENT = "__intent__";

export function useAdminLoginForm(lastResult: SubmissionResult<string[]> | null | undefined) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "admin-login",
    // A stale result must not come back after the navigation it caused.
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  const values = (form.value ?? {}) as Record<string, unknown>;
  const filled = LOGIN_TEXT_FIELDS.every((name) => typeof values[name] === "string" && (values[name] as string).length > 0);
  const showsError = Object.entries(form.allErrors).some(([name, errors]) => name !== "" && errors.length > 0);
  const blocked = hydrated && (!filled || showsError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === CONFORM_INTENT) {
      form.onSubmit(event);
      return;
    }
    if (busy) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event); // Conform shows every error and cancels an invalid submission
    if (!event.defaultPrevented && blocked) event.preventDefault();
    if (event.defaultPrevented) {
      toast.error(FORM_TOASTS.invalidForm.title, { description: FORM_TOASTS.invalidForm.description });
    }
  }

  return {
    form,
    fields,
    busy,
    formProps: { id: form.id, onSubmit, noValidate: true },
    submitProps: { "aria-disabled": blocked || busy ? (true as const) : undefined },
  };
}
