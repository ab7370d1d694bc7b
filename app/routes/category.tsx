import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ matches, params }) => titleMeta(matches, params.category);

export default function Category({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{params.category}</h1>
    </div>
  );
}
