/** Shapes of the demo content that `seedDemoContent` writes (see app/seed/seed.server.ts). */

export type SeedCategory = {
  slug: string;
  name: string;
  description: string;
};

export type SeedAuthor = {
  name: string;
  bio: string;
  avatarUrl: string;
};

export type SeedArticle = {
  title: string;
  slug: string;
  /** A category slug from categories.ts. */
  category: string;
  /** An author name from authors.ts. */
  author: string;
  excerpt: string;
  /** ISO 8601 date-time. */
  publishedAt: string;
  featured?: boolean;
  /** A cover under /images/articles/; absent articles get a placeholder when shown. */
  imageUrl?: string;
  /** Markdown. */
  content: string;
};

export type SeedDifficulty = "Easy" | "Medium" | "Hard";

export type SeedQuestion = {
  question: string;
  /** Markdown. */
  answer: string;
  difficulty: SeedDifficulty;
  /** A category slug: javascript, react, data-structures or algorithms. */
  category: "javascript" | "react" | "data-structures" | "algorithms";
};
