/**
 * The fields of a new account, as register, an invitation and the first-run setup ask for them:
 * full name, email (unless an invitation already names it), password and, where asked, its
 * confirmation. The form around them is AuthForm (./auth-form). Pass only
 * the fields the form has: Conform's field set answers any name.
 */
import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";

type TextField = FieldMetadata<string | undefined>;

export function AccountFields({
  fields,
  capitalizeName = false,
}: {
  fields: { name: TextField; email?: TextField; password: TextField; confirmPassword?: TextField };
  /** Capitalize the name's words on touch keyboards. */
  capitalizeName?: boolean;
}) {
  return (
    <>
      <Field
        field={fields.name}
        label="Full name"
        autoComplete="name"
        inputProps={capitalizeName ? { autoCapitalize: "words" } : undefined}
      />
      {fields.email ? <Field field={fields.email} label="Email" type="email" autoComplete="email" /> : null}
      <Field field={fields.password} label="Password" type="password" autoComplete="new-password" />
      {fields.confirmPassword ? (
        <Field field={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
      ) : null}
    </>
  );
}
