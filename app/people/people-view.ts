/**
 * The People page's view types, owned by the domain: people.server.ts and invites.server.ts build
 * them, the page's components import them as types from here.
 */
import type { Role } from "~/auth/permissions";

export type PersonRow = {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  suspendedAt: string | null;
  createdAt: string;
};

export type PendingInviteRow = { id: number; email: string; role: Role; expiresAt: string; invitedBy: string | null };
