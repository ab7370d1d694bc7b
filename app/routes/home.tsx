import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Home");

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">DevPerspective</h1>
    </div>
  );
}
