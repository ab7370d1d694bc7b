/**
 * The form kit: every form of the site is built from these. See docs/architecture.md ("Add a form").
 *
 *   const { fields, formProps, submitProps, busy } = useValidatedForm({ id, schema, lastResult, requiredText });
 *   <FormAlert alert={actionData?.alert} />
 *   <Form method="post" {...formProps}>
 *     <Field field={fields.email} label="Email" type="email" autoComplete="email" />
 *     <StatusButton pending={busy} pendingText="Signing in..." {...submitProps}>Sign in</StatusButton>
 *   </Form>
 */
export {
  CheckboxField,
  controlClass,
  Field,
  FieldError,
  FieldShell,
  SelectField,
  TextareaField,
  textareaProps,
} from "./fields";
export { FilterSelect } from "./filter-select";
export { FormAlert, type FormAlertData, useAlertToast } from "./form-alert";
export { StatusButton } from "./status-button";
export { useIsSubmitting, useValidatedForm, type ValidatedForm } from "./use-validated-form";
