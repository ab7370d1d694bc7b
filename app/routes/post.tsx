import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/post";

export const meta: Route.MetaFunction = ({ matches, params }) => titleMeta(matches, params.slug);

export default function Post({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{params.slug}</h1>
    </div>
  );
}
