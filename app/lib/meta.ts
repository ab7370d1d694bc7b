import type { MetaDescriptor } from "react-router";

export const DEFAULT_SITE_NAME = "DevPerspective";
export const TAGLINE = "Code with Perspective";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The product name, as the root loader read it from SITE_NAME. */
export function siteNameFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteName?: string } | undefined;
  return root?.siteName ?? DEFAULT_SITE_NAME;
}

/** "<page> | <product>", as every page title must read. */
export function pageTitle(page: string, siteName: string) {
  return `${page} | ${siteName}`;
}

export function titleMeta(matches: readonly MatchWithData[], page: string, description?: string): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: pageTitle(page, siteNameFrom(matches)) }];
  if (description) tags.push({ name: "description", content: description });
  return tags;
}
