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

// The spec's simple pattern: no spaces, one @, a dot in the domain.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
