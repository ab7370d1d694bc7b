/**
 * The one way a form is wired to Conform, for every form of the site (spec section 5):
 * - the schema that validates on the server validates in the browser too, on each change
 *   (`validateOn: "input"`, the default) or first on leaving a field (`"blur"`), and then on
 *   each change;
 * - with JavaScript, a form with `requiredText` keeps its submit button disabled (aria-disabled,
 *   so it stays focusable and is announced) until those fields are filled and show no error;
 *   the button is also disabled while the form is being submitted;
 * - a submission that is blocked raises 'Invalid Form' ('Terms Required' when only the agreement
 *   box is missing) and shows every field's error;
 * - the server's answer (`lastResult`) shows beside the fields, but never again after the
 *   navigation it caused;
 * - without JavaScript nothing is blocked: the form posts (noValidate) and the server answers with
 *   the same messages.
 */
import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import { useLocation, useNavigation } from "react-router";
import { withToast } from "~/components/toast";
import type { z } from "zod";
import { useHydrated } from "~/components/ui/use-hydrated";
import { blockedSubmitToast } from "~/lib/account-schemas";
import { isConformIntent, isOwnSubmission, isSubmitBlocked } from "./submit-rules";

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * Whether this page's form posting to `action` (default: the current page) is under way: from the
 * click until the page it leads to (or the answer) has loaded.
 */
export function useIsSubmitting(action?: string) {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    isOwnSubmission(navigation.formAction, action ?? location.pathname)
  );
}

export function useValidatedForm<Schema extends ObjectSchema>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** The text fields that must be filled (and valid) before the submit button enables. */
  requiredText?: readonly string[];
  /** When a field is first validated; after its first check it is checked again on each change. */
  validateOn?: "input" | "blur";
  /** Where the form posts, when not to the current page. */
  action?: string;
  /** Called after a blocked submission (for example to show the field that is in error). */
  onBlocked?: () => void;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = useIsSubmitting(options.action);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    // A stale result must not come back after the navigation it caused.
    lastResult: navigation.state === "idle" ? options.lastResult : null,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(options.schema),
    shouldValidate: options.validateOn === "blur" ? "onBlur" : "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }),
  });

  const blocked =
    hydrated &&
    options.requiredText !== undefined &&
    isSubmitBlocked(options.requiredText, form.value as Record<string, unknown> | undefined, form.allErrors);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (isConformIntent((event.nativeEvent as SubmitEvent).submitter)) {
      form.onSubmit(event);
      return;
    }
    if (busy) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event); // Conform shows every error and cancels an invalid submission
    if (!event.defaultPrevented && blocked) event.preventDefault();
    if (!event.defaultPrevented) return;
    const submission = parseWithZod(new FormData(event.currentTarget), { schema: options.schema });
    const message = blockedSubmitToast(submission.status === "success" ? [] : Object.keys(submission.error ?? {}));
    withToast((toast) => toast.error(message.title, { description: message.description }));
    options.onBlocked?.();
  }

  return {
    form,
    fields,
    /** The form's submission is under way. */
    busy,
    /** Spread on the <Form>: posts without JavaScript, validates with it. */
    formProps: { id: form.id, onSubmit, noValidate: true },
    /** Spread on the submit button (a StatusButton). */
    submitProps: { "aria-disabled": blocked || busy ? (true as const) : undefined },
  };
}

/** What a form component needs of useValidatedForm's result: the form's and button's props, the busy state. */
export type ValidatedForm = Pick<ReturnType<typeof useValidatedForm>, "busy" | "formProps" | "submitProps">;
