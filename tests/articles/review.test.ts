/**
 * Roles on articles and the review queue, on every database: a contributor's draft is submitted,
 * returned with a note (mailed), resubmitted and approved (published, mailed); the dashboard shows
 * writers only their own articles; every step is in the audit log.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createArticle } from "~/articles/save-article.server";
import { listDashboardArticles } from "~/articles/dashboard.server";
import { authorIdForUser } from "~/articles/admin-articles.server";
import { editorCapabilities, requireEditableArticle } from "~/articles/article-access.server";
import { approveSubmission, listReviewQueue, returnSubmission, submitForReview } from "~/articles/review.server";
import { listAudit } from "~/audit/audit.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { articles, authors, users } from "~/db/schema";
import type { ArticleInput } from "~/lib/article-schema";
import { type MailMessage, setMailer } from "~/mail/mailer.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const input = (slug: string): ArticleInput => ({
  title: `Review ${slug}`,
  slug,
  content: `## Heading\n\nA draft called ${slug}.\n`,
  excerpt: null,
  imageUrl: null,
  categoryId: null,
  featured: false,
});

describe.each(testDatabaseKinds())("roles and review on %s", (kind) => {
  let handle: DatabaseHandle;
  const mails: MailMessage[] = [];
  let editor: { id: number; fullName: string; role: "editor" };
  let contributor: { id: number; fullName: string; role: "contributor" };
  let author: { id: number; fullName: string; role: "author" };

  async function staff<R extends "editor" | "contributor" | "author">(email: string, fullName: string, role: R) {
    const [user] = await handle.db
      .insert(users)
      .values({ email, fullName, role, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    await handle.db.insert(authors).values({ name: fullName, userId: user!.id });
    return { id: user!.id, fullName, role };
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    setMailer({ send: async (message) => void mails.push(message) });
    await createOrPromoteAdmin({ email: "admin@example.com", password: "secret12", fullName: "Ada Admin" });
    editor = await staff("editor@example.com", "Eddie Editor", "editor");
    contributor = await staff("contrib@example.com", "Connie Contributor", "contributor");
    author = await staff("author@example.com", "Arthur Author", "author");
  });
  afterAll(async () => {
    await handle.close();
  });

  it("gives authors their slug from the name, unique", async () => {
    const rows = await handle.db.select({ name: authors.name, slug: authors.slug }).from(authors);
    expect(rows.find((row) => row.name === "Eddie Editor")?.slug).toBe("eddie-editor");
    const [twin] = await handle.db.insert(authors).values({ name: "Eddie Editor" }).returning({ slug: authors.slug });
    expect(twin?.slug).toBe("eddie-editor-2");
  });

  it("takes a contributor's draft through return and approval, mailing them each time", async () => {
    const created = await createArticle({ userId: contributor.id, input: input("first-draft"), intent: "draft" });
    if (created.status !== "saved") throw new Error("setup failed");
    const id = created.id;

    // Another contributor's draft is out of reach; the writer's own is theirs to edit, not publish.
    const other = { id: author.id + 1000, role: "contributor" as const };
    await expect(requireEditableArticle(other, id)).rejects.toMatchObject({ init: { status: 403 } });
    const own = await requireEditableArticle(contributor, id);
    expect(own?.capabilities).toMatchObject({ publish: false, schedule: false, submit: true, delete: true });
    expect((await requireEditableArticle(editor, id))?.capabilities).toMatchObject({ publish: true, schedule: true });

    expect(await submitForReview(id)).toBe(true);
    expect((await listReviewQueue()).map((row) => row.id)).toContain(id);

    expect(await returnSubmission({ id, editor, note: "Add an example, please." })).toBe(true);
    expect(await returnSubmission({ id, editor, note: "Twice?" })).toBe(false);
    expect((await listReviewQueue()).map((row) => row.id)).not.toContain(id);
    const [returned] = await handle.db.select().from(articles).where(eq(articles.id, id));
    expect(returned).toMatchObject({ status: "draft", submittedAt: null, reviewNote: "Add an example, please." });
    await vi.waitFor(() => expect(mails.some((mail) => mail.subject.includes("returned"))).toBe(true));
    const returnMail = mails.find((mail) => mail.subject.includes("returned"))!;
    expect(returnMail.to).toBe("contrib@example.com");
    expect(returnMail.text).toContain("Add an example, please.");

    expect(await submitForReview(id)).toBe(true);
    const approved = await approveSubmission({ id, editor, scheduledAt: null });
    expect(approved).toMatchObject({ status: "saved", outcome: "published" });
    const [published] = await handle.db.select().from(articles).where(eq(articles.id, id));
    expect(published).toMatchObject({ status: "published", submittedAt: null, reviewNote: null });
    await vi.waitFor(() => expect(mails.some((mail) => mail.subject.includes("approved"))).toBe(true));
    expect(await approveSubmission({ id, editor, scheduledAt: null })).toEqual({ status: "not-submitted" });

    // Published, it belongs to the editors: the contributor can no longer open it.
    await expect(requireEditableArticle(contributor, id)).rejects.toMatchObject({ init: { status: 403 } });

    const log = await listAudit({ kind: "article" });
    const actions = log.rows.filter((row) => row.targetId === String(id)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["created-draft", "returned", "approved-published"]));
    const returnedEntry = log.rows.find((row) => row.action === "returned" && row.targetId === String(id));
    expect(returnedEntry?.actorName).toBe("Eddie Editor");
  });

  it("approves with a schedule", async () => {
    const created = await createArticle({ userId: contributor.id, input: input("later-draft"), intent: "draft" });
    if (created.status !== "saved") throw new Error("setup failed");
    await submitForReview(created.id);
    const when = new Date(Date.now() + 86_400_000);
    expect(await approveSubmission({ id: created.id, editor, scheduledAt: when })).toMatchObject({
      status: "saved",
      outcome: "scheduled",
    });
    const [row] = await handle.db.select().from(articles).where(eq(articles.id, created.id));
    expect(row?.status).toBe("scheduled");
    expect(row?.scheduledAt?.getTime()).toBe(when.getTime());
  });

  it("shows writers only their own articles on the dashboard", async () => {
    await createArticle({ userId: author.id, input: input("authors-own"), intent: "publish" });
    const authorProfile = await authorIdForUser(author.id);
    const mine = await listDashboardArticles({ authorId: authorProfile });
    expect(mine.articles.map((row) => row.slug)).toEqual(["authors-own"]);
    expect(mine.total).toBe(1);
    const everyone = await listDashboardArticles();
    expect(everyone.total).toBeGreaterThanOrEqual(3);
    const nobody = await listDashboardArticles({ authorId: -1 });
    expect(nobody.total).toBe(0);
  });

  it("offers a new article's writer the buttons of their role", () => {
    expect(editorCapabilities(contributor, null)).toMatchObject({ publish: false, submit: true, schedule: false });
    expect(editorCapabilities(author, null)).toMatchObject({ publish: true, submit: false, schedule: false });
    expect(editorCapabilities(editor, null)).toMatchObject({ publish: true, submit: false, schedule: true });
  });
});
