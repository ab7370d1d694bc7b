/**
 * Placeholder features without JavaScript: the form posts here and we redirect back with the
 * "<feature> is not yet implemented" toast (with JavaScript the toast shows without a request).
 */
import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import type { Route } from "./+types/resources.placeholder";
import { readForm } from "~/http/form.server";

const PlaceholderSchema = z.object({
  feature: z.string().trim().min(1).max(60).catch("This feature"),
  redirectTo: z.unknown().transform((value) => safeRedirectPath(value)),
});

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { feature, redirectTo } = PlaceholderSchema.parse({
    feature: formData.get("feature") ?? undefined,
    redirectTo: formData.get("redirectTo"),
  });
  return redirectWithToast(redirectTo, { type: "info", title: `${feature} is not yet implemented` }, { status: 303 });
}
