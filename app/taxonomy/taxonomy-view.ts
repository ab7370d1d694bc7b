/**
 * The series views' types, owned by the domain: ./series.server.ts builds them, the series page
 * and the admin's parts list import them as types from here.
 */
import type { ArticleStatus } from "~/db/schema";

export type SeriesSummary = { id: number; name: string; slug: string; description: string };

export type SeriesPart = {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  status: ArticleStatus;
  /** Its number for readers (1-based among the published parts); null when not published. */
  part: number | null;
  /** ISO 8601, or null when not published. */
  publishedAt: string | null;
  readingMinutes: number;
};
