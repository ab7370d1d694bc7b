/**
 * Field rules for accounts, shared by the browser (Conform), the server and the admin CLI.
 * Messages are the specification's, word for word.
 */
import { z } from "zod";

export const MESSAGES = {
  fullNameRequired: "Full name is required.",
  invalidEmail: "Please enter a valid email address.",
  passwordTooShort: "Password must be at least 6 characters long.",
  passwordsDoNotMatch: "Passwords do not match.",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
// Argon2 hashes any length, but a cap stops a megabyte "password" from costing CPU.
export const PASSWORD_MAX_LENGTH = 128;

// The spec's simple pattern: no spaces, one @, a dot in the domain; and no control characters
// (a NUL is refused by PostgreSQL, the others by every mail server).
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

export const FullNameSchema = z
  .string({ message: MESSAGES.fullNameRequired })
  .trim()
  .min(1, MESSAGES.fullNameRequired)
  .max(100, "Full name must be at most 100 characters.");

export const EmailSchema = z
  .string({ message: MESSAGES.invalidEmail })
  .trim()
  .max(254, MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

export const PasswordSchema = z
  .string({ message: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);

// ---------------------------------------------------------------------------------------------
// Form schemas. Each is the one definition Conform validates with in the browser
// (`parseWithZod` from "@conform-to/zod/v4") and the action validates with on the server.

/** The spec's toasts for a blocked submission (section 5). */
export const FORM_TOASTS = {
  invalidForm: { title: "Invalid Form", description: "Please correct the errors before submitting." },
  termsRequired: { title: "Terms Required", description: "Please agree to the terms and conditions to continue." },
} as const;

/** The confirmation must equal the password; checked whenever both are strings, so a change of
 * either one re-checks it (Zod 4 otherwise skips object refinements while any field is invalid). */
function withMatchingConfirmation<
  T extends z.ZodObject<{ password: z.ZodType<string>; confirmPassword: z.ZodType<string> }>,
>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.password === "string" && typeof value?.confirmPassword === "string";
    },
  });
}

const ConfirmPasswordSchema = z
  .string({ message: MESSAGES.passwordsDoNotMatch })
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordsDoNotMatch);

// Only same-site paths survive (see safe-redirect.ts); anything else is dropped, not an error.
const RedirectToSchema = z.string().max(2000).optional().catch(undefined);

export const RegisterSchema = withMatchingConfirmation(
  z.object({
    name: FullNameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
    agreedToTerms: z.literal(true, { message: FORM_TOASTS.termsRequired.description }),
  }),
);
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The text fields that must be filled before the register button enables (the box is separate). */
export const REGISTER_TEXT_FIELDS = ["name", "email", "password", "confirmPassword"] as const;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  redirectTo: RedirectToSchema,
});
export type LoginInput = z.infer<typeof LoginSchema>;
export const LOGIN_TEXT_FIELDS = ["email", "password"] as const;

/** "Forgot password?" and "send the verification link again" ask only for the address. */
export const EmailOnlySchema = z.object({ email: EmailSchema });
export const EMAIL_ONLY_TEXT_FIELDS = ["email"] as const;

export const ResetPasswordSchema = withMatchingConfirmation(
  z.object({
    token: z.string({ message: "This link is incomplete." }).min(1, "This link is incomplete.").max(200),
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  }),
);
export const RESET_PASSWORD_TEXT_FIELDS = ["password", "confirmPassword"] as const;

/**
 * Which toast a blocked submission raises: 'Terms Required' when the agreement box is the only
 * problem, 'Invalid Form' otherwise.
 */
export function blockedSubmitToast(errorFields: readonly string[]) {
  const others = errorFields.filter((name) => name !== "agreedToTerms" && name !== "");
  if (others.length === 0 && errorFields.includes("agreedToTerms")) return FORM_TOASTS.termsRequired;
  return FORM_TOASTS.invalidForm;
}
