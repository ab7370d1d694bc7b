/** Email and password, as both sign-in forms (/login and /admin/login) ask for them. */
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, useValidatedForm } from "~/components/forms";
import { LOGIN_TEXT_FIELDS, LoginSchema } from "~/lib/account-schemas";

/** A sign-in form's state: the login schema, with email and password both required. */
export function useSignInForm(id: string, lastResult: SubmissionResult<string[]> | undefined) {
  return useValidatedForm({ id, schema: LoginSchema, requiredText: LOGIN_TEXT_FIELDS, lastResult });
}

export function SignInFields({
  fields,
  emailAutoComplete,
  passwordAside,
}: {
  fields: { email: FieldMetadata<string | undefined>; password: FieldMetadata<string | undefined> };
  /** "username" where a password manager should keep this sign-in apart (the admin panel). */
  emailAutoComplete: "email" | "username";
  /** Beside the password's label ("Forgot password?"). */
  passwordAside?: ReactNode;
}) {
  return (
    <>
      <Field field={fields.email} label="Email" type="email" autoComplete={emailAutoComplete} />
      <Field
        field={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
        revealable
        labelAside={passwordAside}
      />
    </>
  );
}
