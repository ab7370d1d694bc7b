/** The fields of an integration, one schema for the Integrations screen and the command line. */
import { z } from "zod";

export const INTEGRATION_NAME_MAX = 100;

export const IntegrationNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(INTEGRATION_NAME_MAX, `Name must be at most ${INTEGRATION_NAME_MAX} characters`);

export const INTEGRATION_ROLES = ["contributor", "author", "editor", "administrator"] as const;

/** The Integrations screen's create and edit form. */
export const IntegrationSchema = z.object({
  name: IntegrationNameSchema,
  role: z.enum(INTEGRATION_ROLES, { error: "Choose a role" }).default("editor"),
});

export const INTEGRATION_TOASTS = {
  saveFailed: "Error saving integration",
  updated: "Integration saved",
  deleted: "Integration deleted",
} as const;
