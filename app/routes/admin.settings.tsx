/**
 * /admin/settings (administrators: "settings.manage"): the site's name and description, social
 * links, the comment moderation policy and the time zone. Saved settings apply at once on every
 * instance (app/settings/settings.server.ts); the audit log names the keys that changed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { SettingsForm } from "~/components/admin/settings-form";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { noindexMeta } from "~/lib/seo";
import { SiteSettingsSchema } from "~/lib/site-settings";
import { getSiteSettings, saveSiteSettings } from "~/settings/settings.server";
import type { Route } from "./+types/admin.settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "settings.manage");
  return { settings: await getSiteSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "settings.manage");
  const submission = parseWithZod(await readForm(request), { schema: SiteSettingsSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: FORM_TOASTS.invalidForm }, { status: 400 });
  }
  const changed = await saveSiteSettings(submission.value, { id: user.id, fullName: user.fullName });
  return redirectWithToast(
    "/admin/settings",
    changed.length > 0
      ? { type: "success", title: "Settings saved", description: "The changes apply at once." }
      : { type: "success", title: "Nothing changed" },
    { status: 303 },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Settings");

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsForm settings={loaderData.settings} actionData={actionData} />;
}
