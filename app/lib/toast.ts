/** A toast's shape, shared by the server (the flash cookie, app/http/toast.server.ts) and the toaster. */
import { z } from "zod";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;
