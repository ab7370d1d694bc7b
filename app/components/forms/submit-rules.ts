/**
 * The pure rules behind every form's submit button (spec section 5), kept apart from React so they
 * can be tested alone.
 */
/** Conform submits its own control intents (validate, update, reset) with a hidden button of this name. */
export const CONFORM_INTENT = "__intent__";

/** Whether a submit event came from Conform's hidden intent button rather than from the visitor. */
export function isConformIntent(submitter: Pick<Element, "getAttribute"> | null | undefined) {
  return submitter?.getAttribute("name") === CONFORM_INTENT;
}

/**
 * Whether the submit button stays disabled: some required text field is empty, or one of them
 * shows an error. Other fields (an agreement box, hidden fields) never disable it: a submission
 * is checked in full and names what is missing ('Terms Required').
 */
export function isSubmitBlocked(
  requiredText: readonly string[],
  values: Readonly<Record<string, unknown>> | undefined,
  errors: Readonly<Record<string, readonly string[] | undefined>>,
) {
  const filled = requiredText.every((name) => {
    const value = values?.[name];
    return typeof value === "string" && value.length > 0;
  });
  const showsError = requiredText.some((name) => (errors[name]?.length ?? 0) > 0);
  return !filled || showsError;
}

/** Whether a POST navigation to `formAction` is this form's own submission (the form posts to `action`). */
export function isOwnSubmission(formAction: string | undefined, action: string) {
  if (!formAction) return false;
  const base = "http://form.invalid";
  return new URL(formAction, base).pathname === new URL(action, base).pathname;
}
