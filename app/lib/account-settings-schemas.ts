/** The account page's forms (/account): one schema each for the browser and the server. */
import { z } from "zod";
import { EmailSchema, FullNameSchema, MESSAGES, PASSWORD_MAX_LENGTH, PasswordSchema } from "./account-schemas";

export const ACCOUNT_INTENTS = [
  "name",
  "email",
  "password",
  "sessions",
  "disconnect",
  "delete",
  "newsletter-subscribe",
  "newsletter-save",
  "newsletter-unsubscribe",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const NameFormSchema = z.object({ name: FullNameSchema });
export const EmailFormSchema = z.object({ email: EmailSchema });

export const PasswordFormSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    password: PasswordSchema,
    confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

export const DisconnectFormSchema = z.object({ provider: z.enum(["github", "google"]) });

export const DeleteFormSchema = z.object({ password: z.string().max(PASSWORD_MAX_LENGTH).optional() });

export const ACCOUNT_MESSAGES = {
  wrongPassword: "That is not your current password.",
  sameEmail: "That is already your email address.",
  deleteWrongPassword: "That password is not right.",
  signInAgain: "For your safety, sign in again (within the last 10 minutes) before deleting your account.",
  lastWayToSignIn: "This is your only way to sign in: set a password or connect another account first.",
} as const;
