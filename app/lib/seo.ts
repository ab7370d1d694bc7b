/**
 * Search-engine and social metadata, composed in one place for every route's `meta`:
 * title, description, canonical URL, OpenGraph, Twitter card and JSON-LD.
 */
import type { MetaDescriptor } from "react-router";
import { DEFAULT_SITE_NAME, pageTitle, TAGLINE } from "./meta";
import { errorScreenFrom } from "./route-errors";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

export const DEFAULT_DESCRIPTION =
  "DevPerspective — Code with Perspective: articles, tutorials and opinion for developers on JavaScript, React, CSS, TypeScript, Node.js, databases, DevOps and AI, plus interview practice.";
export const DEFAULT_SOCIAL_IMAGE = "/images/og-default.png";

export type SeoInput = {
  /** The page part of the title; the home page passes `null` for "<site> — <tagline>". */
  title: string | null;
  description?: string | null;
  /** Path of the canonical URL (no query), e.g. "/post/my-article". */
  path: string;
  /**
   * The page's canonical URL when it is on another site (an article first published there): the
   * rel=canonical link names it instead of `path`; og:url stays this page's own address.
   */
  canonicalUrl?: string | null;
  image?: string | null;
  type?: "website" | "article";
  article?: { publishedTime: string; modifiedTime?: string; author?: string | null; section?: string | null };
  noindex?: boolean;
  /** Extra JSON-LD objects (BlogPosting, BreadcrumbList, WebSite …). */
  jsonLd?: Array<Record<string, unknown>>;
};

export function siteFrom(matches: readonly MatchWithData[]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { siteName?: string; siteUrl?: string; siteDescription?: string }
    | undefined;
  return {
    siteName: root?.siteName ?? DEFAULT_SITE_NAME,
    siteUrl: (root?.siteUrl ?? "").replace(/\/+$/, ""),
    siteDescription: root?.siteDescription ?? DEFAULT_DESCRIPTION,
  };
}

/** Plain text of at most `max` characters, ending on a sentence or word. */
export function summarize(text: string | null | undefined, max = 160) {
  const plain = (text ?? "").replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const sentence = cut.lastIndexOf(". ");
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,;:]$/, "")}…`;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  try {
    return new URL(pathOrUrl, `${siteUrl}/`).toString();
  } catch {
    return `${siteUrl}${pathOrUrl}`;
  }
}

export function seoMeta(matches: readonly MatchWithData[], input: SeoInput): MetaDescriptor[] {
  const { siteName, siteUrl, siteDescription } = siteFrom(matches);
  const title = input.title === null ? `${siteName} — ${TAGLINE}` : pageTitle(input.title, siteName);
  const description = summarize(input.description || siteDescription);
  const own = absoluteUrl(siteUrl, input.path);
  const image = absoluteUrl(siteUrl, input.image || DEFAULT_SOCIAL_IMAGE);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: input.canonicalUrl || own },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title ?? title },
    { property: "og:description", content: description },
    { property: "og:url", content: own },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title ?? title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (input.article) {
    tags.push({ property: "article:published_time", content: input.article.publishedTime });
    if (input.article.modifiedTime)
      tags.push({ property: "article:modified_time", content: input.article.modifiedTime });
    if (input.article.author) tags.push({ property: "article:author", content: input.article.author });
    if (input.article.section) tags.push({ property: "article:section", content: input.article.section });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const object of input.jsonLd ?? []) tags.push({ "script:ld+json": object });
  return tags;
}

/** Pages that must stay out of search engines: sign-in, registration, admin. */
export function noindexMeta(matches: readonly MatchWithData[], page: string): MetaDescriptor[] {
  const { siteName } = siteFrom(matches);
  return [{ title: pageTitle(page, siteName) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The title of an error screen (a page that rendered has its own meta). */
export function errorMeta({
  error,
  matches,
}: {
  error?: unknown;
  matches: readonly MatchWithData[];
}): MetaDescriptor[] {
  return error ? noindexMeta(matches, errorScreenFrom(error).title) : [];
}

export function breadcrumbJsonLd(siteUrl: string, trail: Array<{ name: string; path: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

export function websiteJsonLd(siteUrl: string, siteName: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: siteName,
    description: DEFAULT_DESCRIPTION,
    url: `${siteUrl}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export function blogPostingJsonLd(
  siteUrl: string,
  siteName: string,
  article: {
    title: string;
    description: string;
    path: string;
    image?: string | null;
    publishedAt: string;
    updatedAt: string;
    authorName?: string | null;
    categoryName?: string | null;
    /** Its tags' names. */
    keywords?: readonly string[];
  },
) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    url: absoluteUrl(siteUrl, article.path),
    mainEntityOfPage: absoluteUrl(siteUrl, article.path),
    image: [absoluteUrl(siteUrl, article.image || DEFAULT_SOCIAL_IMAGE)],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: { "@type": "Person", name: article.authorName || "Anonymous" },
    publisher: {
      "@type": "Organization",
      name: siteName,
      logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, "/favicon.svg") },
    },
    ...(article.categoryName ? { articleSection: article.categoryName } : {}),
    ...(article.keywords && article.keywords.length > 0 ? { keywords: article.keywords.join(", ") } : {}),
  };
}
