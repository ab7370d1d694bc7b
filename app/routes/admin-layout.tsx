/**
 * The guarded admin frame. Its loader requires an administrator, and so does every admin
 * route's own loader and action: a layout loader runs beside its children, not before them, and
 * an action can be posted to directly.
 */
import { Outlet, useLoaderData, useRouteLoaderData } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import { AdminShell } from "~/components/admin/admin-shell";
import { DEFAULT_SITE_NAME } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/admin-layout";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return { admin: { name: admin.fullName, email: admin.email } };
}

export default function AdminLayout() {
  const { admin } = useLoaderData<typeof loader>();
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <AdminShell admin={admin} siteName={rootData?.siteName ?? DEFAULT_SITE_NAME}>
      <Outlet />
    </AdminShell>
  );
}
