import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Register");

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Register</h1>
    </div>
  );
}
