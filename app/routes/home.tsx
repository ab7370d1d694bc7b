import { siteNameFrom, TAGLINE } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${siteNameFrom(matches)} — ${TAGLINE}` }];

export default function Page() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">DevPerspective</h1>
    </div>
  );
}
