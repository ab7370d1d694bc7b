/**
 * The search quality set: queries a reader would type and the fixture articles (tests/search/
 * fixtures.ts) they must get first. Run on every database by quality.test.ts.
 */
import { fixtureArticles } from "./fixtures";

export type QualityCase = {
  /** What the case exercises. */
  kind: string;
  query: string;
  /** Category slugs to narrow to. */
  categories?: string[];
  /** The first results, in this order. */
  first?: string[];
  /** The first results, in any order. */
  firstAnyOrder?: string[];
  /** The complete result set, in any order. */
  exactly?: string[];
  /** Slugs that must not be returned. */
  absent?: string[];
};

const byAuthor = (name: string) => fixtureArticles.filter((a) => a.author === name).map((a) => a.slug);
const inCategories = (...slugs: string[]) =>
  fixtureArticles.filter((a) => a.category !== null && slugs.includes(a.category)).map((a) => a.slug);
const newestFirst = (slugs: string[]) =>
  fixtureArticles
    .filter((a) => slugs.includes(a.slug))
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
    .map((a) => a.slug);

export const qualityCases: QualityCase[] = [
  // Exact title words.
  { kind: "title words", query: "react hooks", first: ["react-hooks-guide"] },
  { kind: "title word", query: "closures", first: ["js-closures"] },
  { kind: "title words", query: "event loop", first: ["js-event-loop"] },
  { kind: "title words, mixed case", query: "PostgreSQL INDEXES", first: ["postgres-indexes"] },
  { kind: "title words", query: "dynamic programming", first: ["dynamic-programming"] },
  { kind: "title words", query: "type narrowing", first: ["ts-narrowing"] },
  { kind: "title words", query: "sql joins", first: ["sql-joins"] },
  { kind: "title words", query: "accessible forms", first: ["accessible-forms"] },
  { kind: "title acronym", query: "BFS", first: ["graph-traversal"] },
  // The title outranks the body: js-event-loop mentions promises in its content only.
  { kind: "title over body", query: "promises", first: ["js-promises"] },
  { kind: "stemming", query: "readiness probe", first: ["kubernetes-probes"] },
  // Phrases.
  { kind: "phrase", query: '"container queries"', first: ["css-container-queries"] },
  {
    kind: "phrase",
    query: '"server components"',
    first: ["react-server-components"],
    absent: ["react-class-components"],
  },
  // The last word as a prefix, while it is being typed.
  { kind: "prefix", query: "kuber", first: ["kubernetes-probes"] },
  { kind: "prefix (last word)", query: "typescript gener", first: ["ts-generics"] },
  { kind: "prefix", query: "svel", first: ["svelte-intro"] },
  // Typos (trigram fallback).
  { kind: "typo", query: "javscript closures", first: ["js-closures"] },
  { kind: "typo", query: "kubernetis", first: ["kubernetes-probes"] },
  { kind: "typo", query: "dynamik programing", first: ["dynamic-programming"] },
  { kind: "typo, missing letter", query: "clsures", first: ["js-closures"] },
  // Category filters (one and several ids).
  { kind: "category filter", query: "search", categories: ["database"], exactly: ["postgres-full-text"] },
  {
    kind: "category filter, no keyword",
    query: "",
    categories: ["css", "algorithms"],
    first: newestFirst(inCategories("css", "algorithms")),
    exactly: inCategories("css", "algorithms"),
  },
  { kind: "category filter narrows a typo", query: "kubernetis", categories: ["react"], exactly: [] },
  // Exclusion and "or".
  { kind: "exclusion", query: "react -hooks", absent: ["react-hooks-guide"], first: ["react-server-components"] },
  { kind: "or", query: "vue or svelte", firstAnyOrder: ["vue-or-react", "svelte-intro"] },
  // Terms that appear only inside code blocks.
  { kind: "code only", query: "slidingWindowCounter", first: ["rate-limiter"] },
  { kind: "code only", query: "useDebounce", first: ["use-debounce"] },
  { kind: "code only, underscores", query: "websearch_to_tsquery", first: ["postgres-full-text"] },
  { kind: "code, dotted identifier part", query: "flatMap", first: ["js-promises"] },
  { kind: "code, Node.js", query: "node.js", first: ["docker-node"] },
  { kind: "code, part of Node.js", query: "node", first: ["docker-node"] },
  // Author and category names.
  { kind: "author name", query: "Kenji Watanabe", exactly: byAuthor("Kenji Watanabe") },
  { kind: "author name, accent folded", query: "chloe durand", exactly: byAuthor("Chloé Durand") },
  { kind: "category name", query: "algorithms", firstAnyOrder: inCategories("algorithms") },
  // Accents.
  { kind: "accent folded", query: "cafe", first: ["cafe-remote-teams"] },
  // Equal relevance: the newer first.
  { kind: "recency breaks ties", query: "release notes", first: ["release-notes-2-1", "release-notes-2-0"] },
  // No keyword: everything, newest first.
  { kind: "empty keyword", query: "", first: newestFirst(fixtureArticles.map((a) => a.slug)).slice(0, 5) },
];
