/** What the admin Subscribers page and the editor's newsletter panel show (built by app/newsletters). */

export type SubscriberRow = {
  id: number;
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  frequency: "each" | "weekly";
  topics: string;
  /** ISO 8601. */
  createdAt: string;
};

export type SubscriberList = { rows: SubscriberRow[]; total: number; page: number; pageCount: number };

export type TopicCount = { kind: "everything" | "category" | "author"; name: string; count: number };

/** One week of the chart: the Monday it starts (ISO date), subscribers confirmed and lost. */
export type WeekChange = { week: string; gained: number; lost: number };

export type SubscriberSummary = { confirmed: number; pending: number; unsubscribed: number; weekly: number };

/** One article's newsletter: its state and its mails by outcome. */
export type ArticleMailCounts = {
  state: "none" | "waiting" | "queued" | "done" | "skipped";
  skip: boolean;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
};

export type ImportReport = { imported: number; confirmationsQueued: number; skipped: number };
