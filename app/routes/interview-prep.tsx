import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/interview-prep";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Interview Prep");

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Interview Prep</h1>
    </div>
  );
}
