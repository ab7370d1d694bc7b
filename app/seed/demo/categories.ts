import type { SeedCategory } from "./types";

export const categories: SeedCategory[] = [
  {
    slug: "javascript",
    name: "JavaScript",
    description: "The language of the web, from closures and the event loop to the newest ECMAScript features.",
  },
  {
    slug: "react",
    name: "React",
    description: "Components, hooks, server rendering and the patterns that keep React applications maintainable.",
  },
  {
    slug: "css",
    name: "CSS",
    description: "Layout, cascade layers, container queries and the modern CSS that replaces yesterday's hacks.",
  },
  {
    slug: "devtools",
    name: "DevTools",
    description: "Browser developer tools, editors, debuggers and the workflows that make you faster at finding bugs.",
  },
  {
    slug: "tutorials",
    name: "Tutorials",
    description: "Step-by-step guides that take you from an empty folder to something that works.",
  },
  {
    slug: "opinion",
    name: "Opinion",
    description: "Essays and arguments about how we build software, written by people who have shipped it.",
  },
  {
    slug: "interview-prep",
    name: "Interview Prep",
    description: "Practical advice and practice material for technical interviews at every level.",
  },
  {
    slug: "data-structures",
    name: "Data Structures",
    description: "Arrays, hash maps, trees, heaps and graphs explained with the trade-offs that matter in real code.",
  },
  {
    slug: "algorithms",
    name: "Algorithms",
    description: "Sorting, searching, dynamic programming and the problem-solving techniques behind them.",
  },
  {
    slug: "typescript",
    name: "TypeScript",
    description: "Types that catch real bugs: generics, narrowing, inference and configuring the compiler well.",
  },
  {
    slug: "nodejs",
    name: "Node.js",
    description: "Server-side JavaScript: streams, workers, the module system and running Node in production.",
  },
  {
    slug: "database",
    name: "Database",
    description: "SQL, indexing, transactions and data modelling for developers who want their queries to stay fast.",
  },
  {
    slug: "ai-development",
    name: "AI & Development",
    description: "Using language models and machine learning tools responsibly in everyday software development.",
  },
  {
    slug: "devops",
    name: "DevOps",
    description: "Containers, CI/CD pipelines, observability and the practices that get code safely into production.",
  },
  {
    slug: "changelog",
    name: "Changelog",
    description: "Release notes and product updates from the DevPerspective team.",
  },
];
