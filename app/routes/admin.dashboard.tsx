import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.dashboard";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Dashboard");

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Article Management</h1>
    </div>
  );
}
