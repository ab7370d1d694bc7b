/**
 * A small, deliberate corpus for the search quality set: each article is written so that some
 * query must find it first (a title word, a phrase, a code identifier, an author, a category…).
 * Articles are written through the same render-at-save path as the admin forms and the seed
 * (renderMarkdown), and the database builds the search document itself.
 */
import { md } from "~/seed/demo/md";
import type { Database } from "~/db/db.server";
import { articles, authors, categories } from "~/db/schema";
import { renderMarkdown } from "~/markdown/markdown.server";

export const fixtureCategories = [
  { slug: "javascript", name: "JavaScript" },
  { slug: "react", name: "React" },
  { slug: "css", name: "CSS" },
  { slug: "database", name: "Database" },
  { slug: "devops", name: "DevOps" },
  { slug: "algorithms", name: "Algorithms" },
  { slug: "typescript", name: "TypeScript" },
  { slug: "opinion", name: "Opinion" },
  { slug: "changelog", name: "Changelog" },
] as const;

export const fixtureAuthors = ["Maya Patel", "Jonas Berg", "Chloé Durand", "Kenji Watanabe"] as const;

type CategorySlug = (typeof fixtureCategories)[number]["slug"];
type AuthorName = (typeof fixtureAuthors)[number];

export type FixtureArticle = {
  slug: string;
  title: string;
  category: CategorySlug | null;
  author: AuthorName | null;
  excerpt: string | null;
  publishedAt: string;
  content: string;
};

export const fixtureArticles: FixtureArticle[] = [
  {
    slug: "react-hooks-guide",
    title: "A Practical Guide to React Hooks",
    category: "react",
    author: "Maya Patel",
    excerpt: "useState, useEffect and the rules that keep components predictable.",
    publishedAt: "2025-03-02T09:00:00Z",
    content: md`
Hooks let function components hold state and run effects. The two you will use every day are \`useState\` and \`useEffect\`.

## State

\`\`\`tsx
const [count, setCount] = useState(0);
\`\`\`

## Effects

An effect runs after render. Return a cleanup function to undo subscriptions.
`,
  },
  {
    slug: "react-server-components",
    title: "React Server Components in Practice",
    category: "react",
    author: "Jonas Berg",
    excerpt: "What runs on the server, what ships to the browser, and how data flows between them.",
    publishedAt: "2025-05-14T09:00:00Z",
    content: md`
Server components render ahead of time and send no JavaScript for themselves. Client components are marked with a directive.

\`\`\`tsx
"use client";
export function LikeButton() { /* … */ }
\`\`\`

Data fetching moves into the component that needs it, which removes waterfalls of client requests.
`,
  },
  {
    slug: "react-class-components",
    title: "Class Components, Revisited",
    category: "react",
    author: "Kenji Watanabe",
    excerpt: "Lifecycle methods you will still meet in older codebases.",
    publishedAt: "2021-01-10T09:00:00Z",
    content: md`
Before hooks, state lived in class components: \`componentDidMount\`, \`componentDidUpdate\` and \`componentWillUnmount\` covered what effects do today.
`,
  },
  {
    slug: "js-closures",
    title: "Understanding JavaScript Closures",
    category: "javascript",
    author: "Kenji Watanabe",
    excerpt: "Functions that remember the scope they were created in.",
    publishedAt: "2024-11-20T09:00:00Z",
    content: md`
A closure is a function bundled with references to its surrounding scope.

\`\`\`js
function createCounter() {
  let count = 0;
  return () => ++count;
}
\`\`\`

Closures power private state, memoization and partial application.
`,
  },
  {
    slug: "js-event-loop",
    title: "The Event Loop Explained",
    category: "javascript",
    author: "Maya Patel",
    excerpt: "Tasks, microtasks and why your timeout fires late.",
    publishedAt: "2024-08-05T09:00:00Z",
    content: md`
JavaScript runs one task at a time. After each task the engine drains the microtask queue, which is where promise callbacks wait.

A \`setTimeout(fn, 0)\` therefore runs after every pending microtask.
`,
  },
  {
    slug: "js-promises",
    title: "Promises, Async and Await",
    category: "javascript",
    author: "Jonas Berg",
    excerpt: "From callbacks to readable asynchronous code.",
    publishedAt: "2024-06-18T09:00:00Z",
    content: md`
An async function always returns a value wrapped for later. Await pauses the function until the value settles, without blocking the thread.

Use \`Array.prototype.flatMap\` style helpers sparingly inside loops of awaits; prefer \`Promise.all\` for independent work.
`,
  },
  {
    slug: "vue-or-react",
    title: "Vue or React? Choosing a Framework",
    category: "javascript",
    author: "Chloé Durand",
    excerpt: "Two mature frameworks, different trade-offs.",
    publishedAt: "2025-01-22T09:00:00Z",
    content: md`
Vue offers single-file components and a gentle template syntax. React is just JavaScript with JSX and a huge ecosystem.

Pick the framework your team can maintain.
`,
  },
  {
    slug: "svelte-intro",
    title: "Svelte for Curious Developers",
    category: "javascript",
    author: "Maya Patel",
    excerpt: "A compiler instead of a runtime.",
    publishedAt: "2025-02-11T09:00:00Z",
    content: md`
Svelte compiles components to small imperative updates at build time, so there is no virtual DOM to diff.
`,
  },
  {
    slug: "css-grid",
    title: "Mastering CSS Grid Layout",
    category: "css",
    author: "Chloé Durand",
    excerpt: "Two-dimensional layout with tracks, areas and the fr unit.",
    publishedAt: "2024-04-09T09:00:00Z",
    content: md`
Grid places items in rows and columns at once.

\`\`\`css
.page { display: grid; grid-template-columns: 1fr 3fr; }
\`\`\`
`,
  },
  {
    slug: "css-container-queries",
    title: "Container Queries Change Everything",
    category: "css",
    author: "Chloé Durand",
    excerpt: "Components that adapt to the space they are given, not to the viewport.",
    publishedAt: "2025-04-01T09:00:00Z",
    content: md`
Media queries ask about the viewport. A container query asks about the element's container, so a card can switch layout wherever it is placed.

\`\`\`css
.card-list { container-type: inline-size; }
@container (min-width: 30rem) { .card { display: flex; } }
\`\`\`
`,
  },
  {
    slug: "postgres-indexes",
    title: "How PostgreSQL Indexes Work",
    category: "database",
    author: "Kenji Watanabe",
    excerpt: "B-tree, hash, GIN and when the planner ignores your index.",
    publishedAt: "2024-09-30T09:00:00Z",
    content: md`
A B-tree index keeps keys sorted, so equality and range conditions can skip most of the table.

The planner still prefers a sequential scan when a condition matches a large share of the rows.
`,
  },
  {
    slug: "postgres-full-text",
    title: "Full-Text Search with PostgreSQL",
    category: "database",
    author: "Maya Patel",
    excerpt: "Documents, queries and ranking without a separate search engine.",
    publishedAt: "2025-06-03T09:00:00Z",
    content: md`
A text search document is a sorted list of normalized words. Queries typed by readers are parsed with web-search syntax:

\`\`\`sql
select title from posts
where document @@ websearch_to_tsquery('english', $1);
\`\`\`

Weight the title above the body so exact titles rank first.
`,
  },
  {
    slug: "sql-joins",
    title: "SQL Joins Without Tears",
    category: "database",
    author: "Jonas Berg",
    excerpt: "Inner, left and lateral joins drawn as pictures.",
    publishedAt: "2023-12-12T09:00:00Z",
    content: md`
An inner join keeps the pairs that match; a left join keeps every row of the left side. A lateral join lets the right side refer to the left row.
`,
  },
  {
    slug: "docker-node",
    title: "Docker Images for Node.js Services",
    category: "devops",
    author: "Kenji Watanabe",
    excerpt: "Small, cacheable images with multi-stage builds.",
    publishedAt: "2025-02-27T09:00:00Z",
    content: md`
Copy the lockfile first and install dependencies in their own layer, so a code change does not reinstall everything.

\`\`\`dockerfile
FROM node:24-slim AS build
RUN npm ci --omit=dev
\`\`\`
`,
  },
  {
    slug: "kubernetes-probes",
    title: "Kubernetes Liveness and Readiness Probes",
    category: "devops",
    author: "Jonas Berg",
    excerpt: "Restart what is stuck, route traffic only to what is ready.",
    publishedAt: "2024-10-16T09:00:00Z",
    content: md`
A liveness probe restarts a container that stopped answering. A readiness probe takes a pod out of the load balancer until it can serve.
`,
  },
  {
    slug: "ci-caching",
    title: "Fast CI Pipelines with Caching",
    category: "devops",
    author: "Maya Patel",
    excerpt: "Cut build minutes by caching dependencies and test results.",
    publishedAt: "2024-03-03T09:00:00Z",
    content: md`
Key the dependency cache on the lockfile hash. Restore it before installing, save it after.
`,
  },
  {
    slug: "rate-limiter",
    title: "Designing a Rate Limiter",
    category: "devops",
    author: "Chloé Durand",
    excerpt: "Fixed windows, sliding windows and token buckets compared.",
    publishedAt: "2024-12-01T09:00:00Z",
    content: md`
A fixed window is simple but lets bursts through at the edges. Counting over a moving window smooths them out.

\`\`\`ts
export function slidingWindowCounter(now: number, previous: number, current: number, windowMs: number) {
  const weight = 1 - (now % windowMs) / windowMs;
  return previous * weight + current;
}
\`\`\`
`,
  },
  {
    slug: "binary-search",
    title: "Binary Search Beyond Sorted Arrays",
    category: "algorithms",
    author: "Kenji Watanabe",
    excerpt: "Searching an answer space instead of an array.",
    publishedAt: "2024-07-07T09:00:00Z",
    content: md`
Binary search works on any monotonic predicate: find the smallest capacity that ships every package in time.
`,
  },
  {
    slug: "dynamic-programming",
    title: "Dynamic Programming for the Impatient",
    category: "algorithms",
    author: "Chloé Durand",
    excerpt: "Memoize the recursion, then turn it into a table.",
    publishedAt: "2024-05-21T09:00:00Z",
    content: md`
Write the recursive solution, cache each subproblem, then fill the table bottom-up.
`,
  },
  {
    slug: "graph-traversal",
    title: "Graph Traversal: BFS and DFS",
    category: "algorithms",
    author: "Jonas Berg",
    excerpt: "Queues, stacks and visiting every node once.",
    publishedAt: "2024-02-14T09:00:00Z",
    content: md`
Breadth-first search uses a queue and finds shortest paths in unweighted graphs. Depth-first search uses a stack, or recursion.
`,
  },
  {
    slug: "ts-generics",
    title: "TypeScript Generics by Example",
    category: "typescript",
    author: "Maya Patel",
    excerpt: "Type parameters that keep functions reusable and safe.",
    publishedAt: "2025-03-19T09:00:00Z",
    content: md`
\`\`\`ts
function first<T>(items: T[]): T | undefined {
  return items[0];
}
\`\`\`
`,
  },
  {
    slug: "ts-narrowing",
    title: "Type Narrowing in TypeScript",
    category: "typescript",
    author: "Kenji Watanabe",
    excerpt: "typeof, in and discriminated unions.",
    publishedAt: "2024-01-25T09:00:00Z",
    content: md`
Inside an \`if (typeof value === "string")\` branch the compiler knows the value is a string.
`,
  },
  {
    slug: "use-debounce",
    title: "Building a Debounced Search Box",
    category: "react",
    author: "Chloé Durand",
    excerpt: "Wait for the reader to stop typing before you fetch.",
    publishedAt: "2025-05-30T09:00:00Z",
    content: md`
\`\`\`tsx
function useDebounce<T>(value: T, delay = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
\`\`\`
`,
  },
  {
    slug: "accessible-forms",
    title: "Accessible Forms Without JavaScript",
    category: "css",
    author: "Jonas Berg",
    excerpt: "Labels, native validation and progressive enhancement.",
    publishedAt: "2024-10-02T09:00:00Z",
    content: md`
Every input needs a label. Native \`required\` and \`pattern\` attributes validate before any script loads.
`,
  },
  {
    slug: "cafe-remote-teams",
    title: "Café Culture and Remote Teams",
    category: "opinion",
    author: "Chloé Durand",
    excerpt: "What a coffee shop teaches about asynchronous work.",
    publishedAt: "2023-09-09T09:00:00Z",
    content: md`
Write things down, because the person who needs them is asleep in another time zone.
`,
  },
  {
    slug: "release-notes-2-1",
    title: "Release notes: version 2.1",
    category: "changelog",
    author: null,
    excerpt: null,
    publishedAt: "2025-07-01T09:00:00Z",
    content: md`
Faster pages and a new reading progress bar.
`,
  },
  {
    slug: "release-notes-2-0",
    title: "Release notes: version 2.0",
    category: "changelog",
    author: null,
    excerpt: null,
    publishedAt: "2025-06-01T09:00:00Z",
    content: md`
Faster pages and a new reading progress bar.
`,
  },
];

export type FixtureIds = {
  categories: Record<CategorySlug, number>;
  authors: Record<AuthorName, number>;
  articles: Record<string, number>;
};

/** Writes the corpus into an empty, migrated database. */
export async function insertSearchFixtures(db: Database): Promise<FixtureIds> {
  const categoryRows = await db
    .insert(categories)
    .values(fixtureCategories.map(({ slug, name }) => ({ slug, name })))
    .returning({ id: categories.id, slug: categories.slug });
  const categoryIds = Object.fromEntries(categoryRows.map((row) => [row.slug, row.id])) as Record<CategorySlug, number>;

  const authorRows = await db
    .insert(authors)
    .values(fixtureAuthors.map((name) => ({ name })))
    .returning({ id: authors.id, name: authors.name });
  const authorIds = Object.fromEntries(authorRows.map((row) => [row.name, row.id])) as Record<AuthorName, number>;

  const rows = [];
  for (const article of fixtureArticles) {
    const rendered = await renderMarkdown(article.content);
    rows.push({
      title: article.title,
      slug: article.slug,
      content: article.content,
      contentHtml: rendered.html,
      previewHtml: rendered.previewHtml,
      toc: rendered.toc,
      readingMinutes: Math.max(1, rendered.readingMinutes),
      excerpt: article.excerpt,
      categoryId: article.category ? categoryIds[article.category] : null,
      authorId: article.author ? authorIds[article.author] : null,
      publishedAt: new Date(article.publishedAt),
      updatedAt: new Date(article.publishedAt),
    });
  }
  const articleRows = await db.insert(articles).values(rows).returning({ id: articles.id, slug: articles.slug });
  return {
    categories: categoryIds,
    authors: authorIds,
    articles: Object.fromEntries(articleRows.map((row) => [row.slug, row.id])),
  };
}
