import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.article-editor";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "New Article");

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">New Article</h1>
    </div>
  );
}
