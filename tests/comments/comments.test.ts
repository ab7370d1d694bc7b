/**
 * Comments on every database: posting, one level of replies, edit, delete (placeholder),
 * moderation policies, reports, blocking, limits, duplicates, the rate limit, drafts, what other
 * readers never see, notifications, one-click unsubscribe tokens and muted threads.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createArticle } from "~/articles/save-article.server";
import { listAudit } from "~/audit/audit.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import {
  COMMENT_RATE_LIMIT,
  createComment,
  deleteComment,
  editComment,
  reportComment,
  setThreadMuted,
} from "~/comments/comments.server";
import { loadThread } from "~/comments/thread.server";
import { listModerationQueue, moderateComments, setCommentsBlocked } from "~/comments/moderation.server";
import { readUnsubscribeToken, unsubscribe, unsubscribeToken } from "~/comments/unsubscribe.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { comments, mailOutbox, siteSettings, users } from "~/db/schema";
import { notifyAboutComment } from "~/comments/notifications.server";
import { cacheTagsFor } from "../support/page-tags";
import { onContentChanged } from "~/cache/content-events.server";
import { CommentSchema, COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from "~/lib/comment-schema";
import { type MailMessage, setMailer } from "~/mail/mailer.server";
import { renderCommentMarkdown } from "~/markdown/markdown.server";
import { resetSiteSettingsForTests } from "~/settings/settings.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe("comment markdown profile", () => {
  it("keeps code (highlighted), emphasis, links and lists; drops headings, images and raw HTML", async () => {
    const html = await renderCommentMarkdown(
      "# Big\n\n**bold** _it_ `x`\n\n- one\n\n[site](https://example.com)\n\n![alt text](https://example.com/a.png)\n\n<script>alert(1)</script><b>raw</b>\n\n```ts\nconst a: number = 1;\n```\n",
    );
    expect(html).not.toMatch(/<h1|<img|<script|<b>/);
    expect(html).toContain("<p>Big</p>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>it</em>");
    expect(html).toContain("<code>x</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('rel="ugc nofollow noopener"');
    expect(html).toContain("alt text");
    expect(html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="typescript"/);
  });

  it("validates with the shared schema: empty and over-long bodies refused", () => {
    expect(CommentSchema.safeParse({ body: "   " }).error?.issues[0]?.message).toBe(COMMENT_MESSAGES.bodyRequired);
    expect(CommentSchema.safeParse({ body: "x".repeat(COMMENT_MAX_LENGTH + 1) }).error?.issues[0]?.message).toBe(
      COMMENT_MESSAGES.bodyTooLong,
    );
    expect(CommentSchema.safeParse({ body: "x".repeat(COMMENT_MAX_LENGTH) }).success).toBe(true);
  });

  it("tags the article page and its comments loader with comments:{slug}, not the markdown source", () => {
    expect(cacheTagsFor("/post/a?comments=all")).toEqual(["post:a", "comments:a"]);
    expect(cacheTagsFor("/post/a/comments.data?_routes=x")).toEqual(["post:a", "comments:a"]);
    expect(cacheTagsFor("/post/a.md")).toEqual(["post:a"]);
  });
});

describe.each(testDatabaseKinds())("comments on %s", (kind) => {
  let handle: DatabaseHandle;
  const mails: MailMessage[] = [];
  const changes: Array<readonly string[] | null> = [];
  let stopListening: () => void;
  let admin: { id: number; role: "administrator"; fullName: string };
  let alice: { id: number; role: "reader" };
  let bob: { id: number; role: "reader" };
  let articleId: number;
  let draftId: number;

  async function reader(name: string) {
    const [row] = await handle.db
      .insert(users)
      .values({ email: `${name.toLowerCase()}-${kind}@example.com`, fullName: name })
      .returning({ id: users.id });
    return { id: row!.id, role: "reader" as const };
  }

  async function setModeration(value: "none" | "first" | "all") {
    await handle.db
      .insert(siteSettings)
      .values({ key: "commentModeration", value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
    resetSiteSettingsForTests();
  }

  async function posted(input: Parameters<typeof createComment>[0]) {
    const result = await createComment(input);
    if (result.status !== "created") throw new Error(`not created: ${JSON.stringify(result)}`);
    return result;
  }

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    resetSiteSettingsForTests();
    setMailer({ send: async (message) => void mails.push(message) });
    stopListening = onContentChanged((_reason, tags) => changes.push(tags)) as unknown as () => void;
    const created = await createOrPromoteAdmin({
      email: `admin-${kind}@example.com`,
      password: "secret12",
      fullName: "Ada Admin",
    });
    admin = { id: created.userId, role: "administrator", fullName: "Ada Admin" };
    alice = await reader("Alice");
    bob = await reader("Bob");
    const article = await createArticle({
      userId: admin.id,
      input: {
        title: "Closures",
        slug: "closures",
        content: "Closures keep scope.\n",
        excerpt: null,
        imageUrl: null,
        categoryId: null,
        featured: false,
      },
    });
    const draft = await createArticle({
      userId: admin.id,
      intent: "draft",
      input: {
        title: "Draft",
        slug: "draft-one",
        content: "Not yet.\n",
        excerpt: null,
        imageUrl: null,
        categoryId: null,
        featured: false,
      },
    });
    if (article.status !== "saved" || draft.status !== "saved") throw new Error("articles not saved");
    articleId = article.id;
    draftId = draft.id;
  });

  afterAll(async () => {
    stopListening();
    await handle.close();
  });

  beforeEach(async () => {
    mails.length = 0;
    changes.length = 0;
    await handle.db.execute(sql`delete from rate_limits`);
    await setModeration("none");
  });

  it("posts a comment, announces only comments:{slug}, and mails the article's author", async () => {
    const result = await posted({ user: alice, articleId, body: "Nice **post**" });
    expect(result.pending).toBe(false);
    expect(changes).toEqual([["comments:closures"]]);
    expect(mails.map((mail) => mail.to)).toEqual([`admin-${kind}@example.com`]);
    expect(mails[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mails[0]!.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/.+\/unsubscribe\/\d+\.comments\.[\w-]{43}>$/);
    const thread = await loadThread(articleId, null);
    const mine = thread.comments.find((comment) => comment.id === result.id);
    expect(mine?.html).toContain("<strong>post</strong>");
    expect(mine?.body).toBeNull(); // the markdown goes only to its author
  });

  it("a comment and its notification commit together, or neither", async () => {
    const result = await posted({ user: alice, articleId, body: "Queued with its mail" });
    const [row] = await handle.db
      .select({ kind: mailOutbox.kind, to: mailOutbox.toAddress, status: mailOutbox.status })
      .from(mailOutbox)
      .where(sql`${mailOutbox.textBody} like '%Queued with its mail%'`);
    expect(row).toEqual({ kind: "comment", to: `admin-${kind}@example.com`, status: "sent" });
    // A comment whose transaction fails leaves no mail behind (and no comment).
    const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    await expect(
      handle.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(comments)
          .values({ articleId, userId: alice.id, body: "Never", bodyHtml: "<p>Never</p>", status: "approved" })
          .returning({ id: comments.id });
        expect(await notifyAboutComment(tx, inserted!.id)).toEqual([`admin-${kind}@example.com`]);
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    const after = await handle.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(result.pending).toBe(false);
  });

  it("files replies one level deep and mails the replied-to commenter once, never the replier", async () => {
    const top = await posted({ user: alice, articleId, body: "Top level" });
    mails.length = 0;
    const reply = await posted({ user: bob, articleId, body: "A reply", parentId: top.id });
    expect(mails.map((mail) => mail.to).sort()).toEqual([`admin-${kind}@example.com`, `alice-${kind}@example.com`]);
    mails.length = 0;
    // A reply to a reply joins the top-level comment; Alice replying to Bob mails Bob (and the author), not Alice.
    const nested = await posted({ user: alice, articleId, body: "Reply to the reply", parentId: reply.id });
    const [row] = await handle.db.select().from(comments).where(eq(comments.id, nested.id));
    expect(row?.parentId).toBe(top.id);
    expect(mails.map((mail) => mail.to)).not.toContain(`alice-${kind}@example.com`);
    const thread = await loadThread(articleId, null);
    expect(thread.comments.find((comment) => comment.id === top.id)?.replies.map((r) => r.id)).toEqual([
      reply.id,
      nested.id,
    ]);
  });

  it("mute stops reply mails from that article; unmute brings them back", async () => {
    const top = await posted({ user: bob, articleId, body: "Muted thread comment" });
    await setThreadMuted(bob.id, articleId, true);
    mails.length = 0;
    await posted({ user: alice, articleId, body: "Reply while muted", parentId: top.id });
    expect(mails.map((mail) => mail.to)).not.toContain(`bob-${kind}@example.com`);
    expect((await loadThread(articleId, bob)).viewer.muted).toBe(true);
    await setThreadMuted(bob.id, articleId, false);
    mails.length = 0;
    await posted({ user: alice, articleId, body: "Reply after unmute", parentId: top.id });
    expect(mails.map((mail) => mail.to)).toContain(`bob-${kind}@example.com`);
  });

  it("edits mark the comment edited; only the author may edit or delete", async () => {
    const own = await posted({ user: alice, articleId, body: "Frist" });
    expect(await editComment({ user: bob, commentId: own.id, body: "hijack" })).toEqual({ status: "not-found" });
    expect(await editComment({ user: alice, commentId: own.id, body: "First, `fixed`" })).toEqual({ status: "edited" });
    const seen = (await loadThread(articleId, alice)).comments.find((comment) => comment.id === own.id);
    expect(seen).toMatchObject({ edited: true, mine: true, body: "First, `fixed`" });
    expect(seen?.html).toContain("<code>fixed</code>");
    expect(await deleteComment({ user: bob, commentId: own.id })).toEqual({ status: "not-found" });
    expect(await deleteComment({ user: alice, commentId: own.id })).toEqual({ status: "deleted" });
    expect(await handle.db.select().from(comments).where(eq(comments.id, own.id))).toEqual([]);
  });

  it("deleting a comment with replies leaves a placeholder, removed with its last reply", async () => {
    const top = await posted({ user: alice, articleId, body: "Placeholder parent" });
    const reply = await posted({ user: bob, articleId, body: "Keeps it alive", parentId: top.id });
    await deleteComment({ user: alice, commentId: top.id });
    const placeholder = (await loadThread(articleId, null)).comments.find((comment) => comment.id === top.id);
    expect(placeholder).toMatchObject({ deleted: true, html: "", authorName: "" });
    expect(placeholder?.replies.map((r) => r.id)).toEqual([reply.id]);
    await deleteComment({ user: bob, commentId: reply.id });
    expect(await handle.db.select().from(comments).where(eq(comments.id, top.id))).toEqual([]);
  });

  it("moderation 'first' holds a reader's first comment; 'all' holds every one; staff are never held", async () => {
    const carol = await reader("Carol");
    await setModeration("first");
    const first = await posted({ user: carol, articleId, body: "My first" });
    expect(first.pending).toBe(true);
    expect(changes).toEqual([]); // nothing public changed
    expect(mails).toEqual([]);
    // Carol sees her own, with the note; nobody else does.
    expect((await loadThread(articleId, carol)).comments.find((c) => c.id === first.id)?.pending).toBe(true);
    expect((await loadThread(articleId, bob)).comments.some((c) => c.id === first.id)).toBe(false);
    expect((await loadThread(articleId, null)).comments.some((c) => c.id === first.id)).toBe(false);
    // Still pending: the next one waits too. Approved: later ones go straight through.
    expect((await posted({ user: carol, articleId, body: "Second" })).pending).toBe(true);
    await moderateComments(admin, [first.id], "approve");
    expect(mails.map((mail) => mail.to)).toEqual([`admin-${kind}@example.com`]); // mailed once visible
    expect((await posted({ user: carol, articleId, body: "Third" })).pending).toBe(false);
    await setModeration("all");
    expect((await posted({ user: carol, articleId, body: "Fourth" })).pending).toBe(true);
    expect((await posted({ user: admin, articleId, body: "Staff note" })).pending).toBe(false);
  });

  it("hidden comments are never shown to readers (not even their author) and leave the queues", async () => {
    const hidden = await posted({ user: bob, articleId, body: "Spammy link" });
    const result = await moderateComments(admin, [hidden.id], "hide");
    expect(result.changed).toBe(1);
    expect(changes.at(-1)).toEqual(["comments:closures"]);
    for (const viewer of [null, alice, bob]) {
      expect((await loadThread(articleId, viewer)).comments.some((c) => c.id === hidden.id)).toBe(false);
    }
    expect((await listModerationQueue("hidden", 1)).rows.map((row) => row.id)).toContain(hidden.id);
    expect(await reportComment({ user: alice, commentId: hidden.id })).toEqual({ status: "not-found" });
    const audit = await listAudit({ kind: "comment" });
    expect(audit.rows[0]).toMatchObject({ action: "hidden", targetId: String(hidden.id), actorUserId: admin.id });
  });

  it("a reader reports a comment once; approving dismisses the reports", async () => {
    const target = await posted({ user: bob, articleId, body: "Controversial" });
    expect(await reportComment({ user: alice, commentId: target.id })).toEqual({ status: "reported" });
    expect(await reportComment({ user: alice, commentId: target.id })).toEqual({ status: "already-reported" });
    expect(await reportComment({ user: bob, commentId: target.id })).toEqual({ status: "not-found" }); // own
    const [row] = await handle.db.select().from(comments).where(eq(comments.id, target.id));
    expect(row?.reportCount).toBe(1);
    expect((await loadThread(articleId, alice)).comments.find((c) => c.id === target.id)?.reportedByMe).toBe(true);
    expect((await listModerationQueue("reported", 1)).rows.map((r) => r.id)).toContain(target.id);
    await moderateComments(admin, [target.id], "approve");
    expect((await listModerationQueue("reported", 1)).rows.map((r) => r.id)).not.toContain(target.id);
  });

  it("a blocked reader cannot comment or edit until unblocked (both audited)", async () => {
    const dave = await reader("Dave");
    const before = await posted({ user: dave, articleId, body: "Before the block" });
    await setCommentsBlocked(admin, dave.id, true);
    expect((await createComment({ user: dave, articleId, body: "Blocked?" })).status).toBe("blocked");
    expect((await editComment({ user: dave, commentId: before.id, body: "Edit?" })).status).toBe("blocked");
    expect((await loadThread(articleId, dave)).viewer.blocked).toBe(true);
    await setCommentsBlocked(admin, dave.id, false);
    expect((await createComment({ user: dave, articleId, body: "Back again" })).status).toBe("created");
    const audit = await listAudit({ kind: "comment", limit: 2 });
    expect(audit.rows.map((entry) => entry.action)).toEqual(["unblocked", "blocked"]);
  });

  it("refuses the same text twice in a row, too-long text, drafts, unknown articles and gone parents", async () => {
    await posted({ user: alice, articleId, body: "Same words" });
    expect(await createComment({ user: alice, articleId, body: "  Same words " })).toMatchObject({
      status: "duplicate",
      message: COMMENT_MESSAGES.duplicate,
    });
    expect(await createComment({ user: alice, articleId, body: "x".repeat(COMMENT_MAX_LENGTH + 1) })).toMatchObject({
      status: "invalid",
      message: COMMENT_MESSAGES.bodyTooLong,
    });
    expect(await createComment({ user: alice, articleId: draftId, body: "On a draft" })).toEqual({
      status: "not-found",
    });
    expect(await createComment({ user: alice, articleId: 999_999, body: "Nowhere" })).toEqual({ status: "not-found" });
    expect((await createComment({ user: alice, articleId, body: "Orphan", parentId: 999_999 })).status).toBe(
      "parent-gone",
    );
  });

  it(`rate-limits each commenter to ${COMMENT_RATE_LIMIT.max} a minute`, async () => {
    const erin = await reader("Erin");
    for (let n = 0; n < COMMENT_RATE_LIMIT.max; n++) await posted({ user: erin, articleId, body: `Burst ${n}` });
    const refused = await createComment({ user: erin, articleId, body: "One too many" });
    expect(refused.status).toBe("rate-limited");
    if (refused.status === "rate-limited") expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another reader is not affected.
    expect((await createComment({ user: alice, articleId, body: "Unaffected" })).status).toBe("created");
  });

  it("unsubscribe tokens: valid for their user and kind only, and turn the mail off", async () => {
    const token = await unsubscribeToken(alice.id, "replies");
    expect(await readUnsubscribeToken(token)).toEqual({ userId: alice.id, kind: "replies" });
    expect(await readUnsubscribeToken(token.replace(`${alice.id}.`, `${bob.id}.`))).toBeNull();
    expect(await readUnsubscribeToken(token.replace(".replies.", ".comments."))).toBeNull();
    expect(await readUnsubscribeToken("1.replies.nope")).toBeNull();
    // The secret is made once and kept.
    expect(await unsubscribeToken(alice.id, "replies")).toBe(token);
    const stored = await handle.db.select().from(siteSettings).where(eq(siteSettings.key, "unsubscribeSecret"));
    expect(stored).toHaveLength(1);

    await unsubscribe(alice.id, "replies");
    const top = await posted({ user: alice, articleId, body: "No reply mails please" });
    mails.length = 0;
    await posted({ user: bob, articleId, body: "Replying anyway", parentId: top.id });
    expect(mails.map((mail) => mail.to)).not.toContain(`alice-${kind}@example.com`);
    await handle.db.update(users).set({ notifyOnReply: true }).where(eq(users.id, alice.id));
  });
});
