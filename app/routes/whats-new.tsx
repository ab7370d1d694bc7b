import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/whats-new";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "What's New");

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">What's New</h1>
    </div>
  );
}
