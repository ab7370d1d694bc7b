/**
 * The guarded admin frame. Its loader requires staff (contributor and up), and every admin
 * route's own loader and action: a layout loader runs beside its children, not before them, and
 * an action can be posted to directly. Its error boundary renders what an admin page threw
 * inside the admin shell (or, when the administrator could not be confirmed, the site's frame).
 */
import { Outlet, useRouteLoaderData } from "react-router";
import { requireStaff } from "~/auth/guards.server";
import { permissionsOf, ROLE_LABELS } from "~/auth/permissions";
import { AdminShell } from "~/components/admin/admin-shell";
import { ErrorScreenView } from "~/components/error-page";
import { SiteFrame } from "~/components/site-frame";
import { errorScreenFrom } from "~/lib/route-errors";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-layout";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireStaff(request);
  return {
    admin: {
      name: admin.fullName,
      email: admin.email,
      roleLabel: ROLE_LABELS[admin.role],
      permissions: permissionsOf(admin.role),
    },
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell admin={loaderData.admin}>
      <Outlet />
    </AdminShell>
  );
}

/** The page title of an error screen (a page that rendered has its own meta). */
export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? noindexMeta(matches, errorScreenFrom(error).title) : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin-layout");
  const screen = <ErrorScreenView screen={errorScreenFrom(error)} home={DASHBOARD} />;
  if (!layout) return <SiteFrame>{screen}</SiteFrame>;
  return <AdminShell admin={layout.admin}>{screen}</AdminShell>;
}

const DASHBOARD = { to: "/admin/dashboard", label: "Back to the dashboard" };
