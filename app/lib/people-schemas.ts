/**
 * Forms of the People page (/admin/people), the invitation page (/invite/{token}) and the first-run
 * setup page (/setup/{token}): one Zod schema each, for Conform in the browser and the action.
 */
import { z } from "zod";
import { EmailSchema, FullNameSchema, MESSAGES, PasswordSchema } from "./account-schemas";

/** Roles an invitation or a role change may give (readers are not invited). */
export const ASSIGNABLE_ROLES = ["reader", "contributor", "author", "editor", "administrator"] as const;
export const INVITE_ROLES = ["contributor", "author", "editor", "administrator"] as const;

export const PEOPLE_MESSAGES = {
  chooseRole: "Choose a role.",
  lastAdministrator: "The site needs at least one administrator: make someone else an administrator first.",
  suspendSelf: "You cannot suspend your own account.",
  notFound: "This person no longer exists.",
  suspendedSignIn: "This account is suspended. Contact the site's administrators if you think this is a mistake.",
} as const;

export const InviteSchema = z.object({
  email: EmailSchema,
  role: z.enum(INVITE_ROLES, { message: PEOPLE_MESSAGES.chooseRole }),
});
export const INVITE_TEXT_FIELDS = ["email"] as const;

export const ChangeRoleSchema = z.object({
  userId: z.coerce.number().int().positive(),
  role: z.enum(ASSIGNABLE_ROLES, { message: PEOPLE_MESSAGES.chooseRole }),
});

export const PersonIdSchema = z.object({ userId: z.coerce.number().int().positive() });
export const InviteIdSchema = z.object({ inviteId: z.coerce.number().int().positive() });

/** Accepting an invitation with a new account: the address is the invitation's. */
export const AcceptInviteSchema = z
  .object({
    name: FullNameSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ message: MESSAGES.passwordsDoNotMatch }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export const ACCEPT_INVITE_TEXT_FIELDS = ["name", "password", "confirmPassword"] as const;

/** The first administrator (/setup/{token}). */
export const SetupSchema = z.object({ name: FullNameSchema, email: EmailSchema, password: PasswordSchema });
export const SETUP_TEXT_FIELDS = ["name", "email", "password"] as const;
