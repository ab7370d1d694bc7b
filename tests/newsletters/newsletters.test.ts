/**
 * Subscriptions and newsletters (issue 24), on every database: double opt-in without enumeration
 * and the 10-minute rule; confirm, manage and unsubscribe links (tampered, expired, reused);
 * publishing mails each matching subscriber once (several matching topics, retries, republishing,
 * "Do not email this article", the scheduler); the mail's HTML, text and headers; the weekly
 * digest; a permanent failure suppresses the address; rate limits; CSV import and export.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { publishDueArticles } from "~/articles/scheduler.server";
import { createArticle, updateArticle } from "~/articles/save-article.server";
import { getEditorState, unpublishArticle } from "~/articles/pending-changes.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { authors, categories, mailOutbox, newsletterIssues, subscribers, users } from "~/db/schema";
import type { ArticleInput } from "~/lib/article-schema";
import { type MailMessage, setMailer } from "~/mail/mailer.server";
import { digestOnce } from "~/newsletters/digest.server";
import { fanOutQueued } from "~/newsletters/fan-out.server";
import { readManageToken } from "~/newsletters/links.server";
import { endSubscription, subscriptionByToken, updateSubscription } from "~/newsletters/manage.server";
import { articleMailCounts, countsByTopic, weeklyChanges } from "~/newsletters/subscribers-admin.server";
import {
  IMPORT_BATCH,
  IMPORT_MESSAGES,
  importSubscribers,
  subscriberCsvLines,
} from "~/newsletters/subscribers-csv.server";
import { confirmSubscription, readConfirmLink, subscribe } from "~/newsletters/subscriptions.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const article = (slug: string, categoryId: number | null): ArticleInput => ({
  title: `Newsletter ${slug}`,
  slug,
  content: `## Part one\n\nText of ${slug} with a [link](/post/other).\n\n\`\`\`ts\nconst answer = 42;\n\`\`\`\n`,
  excerpt: `About ${slug}.`,
  imageUrl: null,
  categoryId,
  featured: false,
});

const confirmLinkIn = (mail: MailMessage) => /\/subscribe\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];

describe.each(testDatabaseKinds())("newsletters on %s", (kind) => {
  let handle: DatabaseHandle;
  let mails: MailMessage[] = [];
  let writer: { id: number; authorSlug: string };
  let css: { id: number; slug: string };
  let react: { id: number; slug: string };
  let ip = 0;
  /** A fresh client address per call: the per-address limit is what a test is about, not this one. */
  const nextIp = () => `10.0.0.${++ip}`;
  const anonymous = (email: string, topics: { everything?: boolean; category?: string[]; author?: string[] }) =>
    subscribe(
      { email, everything: topics.everything ?? false, category: topics.category ?? [], author: topics.author ?? [] },
      { user: null, clientIp: nextIp() },
    );

  /** Subscribes and confirms `email` through the mailed link. */
  async function confirmed(email: string, topics: Parameters<typeof anonymous>[1]) {
    mails = [];
    expect(await anonymous(email, topics)).toEqual({ status: "check-inbox" });
    const token = confirmLinkIn(mails.find((mail) => mail.to === email)!);
    expect(await confirmSubscription(token)).toBe("confirmed");
    const [row] = await handle.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.email, email));
    return row!.id;
  }

  async function publish(slug: string, categoryId: number | null, options: { skip?: boolean } = {}) {
    const saved = await createArticle({
      userId: writer.id,
      input: article(slug, categoryId),
      intent: "publish",
      skipNewsletter: options.skip,
    });
    if (saved.status !== "saved") throw new Error(`publish failed: ${saved.status}`);
    return saved.id;
  }

  const newsletterTo = (email: string) => mails.filter((mail) => mail.to === email && mail.headers?.["List-Id"]);

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    setMailer({ send: async (message) => void mails.push(message) });
    const [user] = await handle.db
      .insert(users)
      .values({
        email: "writer@example.com",
        fullName: "Wendy Writer",
        role: "administrator",
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const [profile] = await handle.db
      .insert(authors)
      .values({ name: "Wendy Writer", userId: user!.id })
      .returning({ slug: authors.slug });
    writer = { id: user!.id, authorSlug: profile!.slug };
    const made = await handle.db
      .insert(categories)
      .values([
        { name: "CSS", slug: "css" },
        { name: "React", slug: "react" },
      ])
      .returning({ id: categories.id, slug: categories.slug });
    css = made.find((c) => c.slug === "css")!;
    react = made.find((c) => c.slug === "react")!;
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(() => {
    mails = [];
  });

  it("asks for confirmation, answers the same for any address, and mails one link per 10 minutes", async () => {
    expect(await anonymous("new@example.com", { category: ["css"] })).toEqual({ status: "check-inbox" });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your subscription to DevPerspective");
    expect(mails[0]!.text).toContain("new articles on CSS");
    const token = confirmLinkIn(mails[0]!);
    // Again at once: the same answer, no second mail.
    expect(await anonymous("NEW@example.com", { category: ["react"] })).toEqual({ status: "check-inbox" });
    expect(mails).toHaveLength(1);
    // Link scanners GET the page: nothing changes.
    expect(await readConfirmLink(token)).toBe("ready");
    const [pending] = await handle.db.select().from(subscribers).where(eq(subscribers.email, "new@example.com"));
    expect(pending?.status).toBe("pending");
    expect(await confirmSubscription(token)).toBe("confirmed");
    expect(await confirmSubscription(token)).toBe("used");
    expect(await confirmSubscription(`${token!.slice(0, 42)}x`)).toBe("invalid");
    expect(await confirmSubscription("../../etc")).toBe("invalid");
    // A confirmed address asking again (after 10 minutes) is told so, with its manage link, and keeps
    // its topics (the latest choice made before confirming: react).
    await handle.db.execute(sql`update subscribers set confirm_sent_at = now() - interval '11 minutes'`);
    expect(await anonymous("new@example.com", { everything: true })).toEqual({ status: "check-inbox" });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("You are already subscribed to DevPerspective");
    const manage = /\/subscription\/(\d+\.[A-Za-z0-9_-]{43})/.exec(mails[1]!.text)?.[1];
    const view = await subscriptionByToken(manage);
    expect(view).toMatchObject({
      email: "new@example.com",
      status: "confirmed",
      topics: { everything: false, categories: ["react"] },
    });
  });

  it("refuses an expired confirmation link, a tampered manage link, and an empty choice of topics", async () => {
    await anonymous("late@example.com", { category: ["css"] });
    const token = confirmLinkIn(mails[0]!);
    await handle.db.execute(
      sql`update subscribers set confirm_sent_at = now() - interval '8 days' where email = 'late@example.com'`,
    );
    expect(await confirmSubscription(token)).toBe("expired");
    const [row] = await handle.db.select().from(subscribers).where(eq(subscribers.email, "late@example.com"));
    expect(row?.status).toBe("pending");
    expect(await readManageToken(`${row!.id}.${"A".repeat(43)}`)).toBeNull();
    expect(await anonymous("none@example.com", { category: ["no-such-category"] })).toEqual({ status: "no-topics" });
  });

  it("limits subscribing per subscribed address (429 with a wait)", async () => {
    const results = [];
    for (let n = 0; n < 6; n++) results.push(await anonymous("busy@example.com", { everything: true }));
    expect(results.slice(0, 5).every((result) => result.status === "check-inbox")).toBe(true);
    expect(results[5]).toMatchObject({ status: "rate-limited" });
  });

  it("subscribes a signed-in reader with a verified address in one click", async () => {
    const [reader] = await handle.db
      .insert(users)
      .values({ email: "reader@example.com", fullName: "Rea Der", emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const user = { id: reader!.id, email: "reader@example.com", emailVerified: true };
    const result = await subscribe(
      { everything: false, category: ["react"], author: [] },
      { user, clientIp: nextIp() },
    );
    expect(result).toEqual({ status: "subscribed" });
    expect(mails).toHaveLength(0);
    const [row] = await handle.db.select().from(subscribers).where(eq(subscribers.userId, reader!.id));
    expect(row).toMatchObject({ status: "confirmed", consent: "account" });
    await endSubscription(row!.id);
  });

  it("mails a new article once to each matching subscriber, in batches, and never again", async () => {
    const cssFan = await confirmed("css-fan@example.com", { category: ["css"] });
    await confirmed("both@example.com", { category: ["css"], author: [writer.authorSlug] });
    await confirmed("react-fan@example.com", { category: ["react"] });
    await confirmed("all@example.com", { everything: true });
    mails = [];
    const id = await publish("flexbox-gaps", css.id);
    // Nothing is sent in the publishing request: the worker fans out.
    expect(mails).toHaveLength(0);
    const [issue] = await handle.db.select().from(newsletterIssues).where(eq(newsletterIssues.articleId, id));
    expect(issue?.state).toBe("queued");
    expect(await fanOutQueued({ batch: 2 })).toBeGreaterThanOrEqual(3);
    expect(newsletterTo("css-fan@example.com")).toHaveLength(1);
    expect(newsletterTo("both@example.com")).toHaveLength(1);
    expect(newsletterTo("all@example.com")).toHaveLength(1);
    expect(newsletterTo("react-fan@example.com")).toHaveLength(0);

    const mail = newsletterTo("css-fan@example.com")[0]!;
    expect(mail.subject).toBe("Newsletter flexbox-gaps");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Id"]).toMatch(/^DevPerspective newsletter <newsletter\./);
    const unsubscribe = /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)?.[1] ?? "";
    const token = /\/subscription\/([^/]+)\/unsubscribe$/.exec(unsubscribe)?.[1];
    expect(await readManageToken(token)).toBe(cssFan);
    expect(mail.html).toContain("View in browser");
    expect(mail.html).toMatch(/href="https?:\/\/[^"/]+\/post\/other"/);
    expect(mail.html).toMatch(/<pre[^>]*style="[^"]*overflow-x: ?auto/);
    expect(mail.html).toMatch(/<span style="color:#[0-9A-Fa-f]{6}/);
    expect(mail.html).not.toContain("--shiki");
    expect(mail.html).not.toContain("{{");
    expect(mail.text).toContain("const answer = 42;");
    expect(mail.text).toContain(unsubscribe);

    // Retried, edited, unpublished and published again: nobody is mailed twice.
    mails = [];
    await handle.db.execute(sql`update newsletter_issues set state = 'queued', cursor = 0 where article_id = ${id}`);
    await fanOutQueued();
    await unpublishArticle({ id, userId: writer.id, version: (await getEditorState(id))!.version });
    const republished = await updateArticle({
      id,
      userId: writer.id,
      version: (await getEditorState(id))!.version,
      input: { ...article("flexbox-gaps", css.id), title: "Flexbox gaps, corrected" },
      intent: "publish",
    });
    expect(republished.status).toBe("saved");
    await fanOutQueued();
    expect(mails.filter((m) => m.headers?.["List-Id"])).toHaveLength(0);
    expect(await articleMailCounts(id)).toMatchObject({ state: "done", sent: 3, queued: 0, failed: 0, bounced: 0 });
  });

  it("does not email an article marked so, and mails a scheduled one when it falls due", async () => {
    await confirmed("sched@example.com", { category: ["react"] });
    mails = [];
    const skipped = await publish("tiny-fix", react.id, { skip: true });
    await fanOutQueued();
    expect(newsletterTo("sched@example.com")).toHaveLength(0);
    expect((await articleMailCounts(skipped)).state).toBe("skipped");

    const saved = await createArticle({
      userId: writer.id,
      input: article("scheduled-hooks", react.id),
      intent: "schedule",
      scheduledAt: new Date(Date.now() + 60_000),
    });
    if (saved.status !== "saved") throw new Error("schedule failed");
    await handle.db.execute(sql`update articles set scheduled_at = now() - interval '1 second' where id = ${saved.id}`);
    expect(await publishDueArticles()).toEqual([saved.id]);
    await fanOutQueued();
    expect(newsletterTo("sched@example.com").map((m) => m.subject)).toEqual(["Newsletter scheduled-hooks"]);
  });

  it("fans out in bounded spans of subscriber ids: sparse matches each get one mail, then the issue is done", async () => {
    const fans: string[] = [];
    for (let i = 0; i < 9; i++) {
      const email = `span-${i}@example.com`;
      await confirmed(email, { category: [i % 3 === 0 ? "css" : "react"] });
      if (i % 3 === 0) fans.push(email);
    }
    mails = [];
    const id = await publish("span-by-span", css.id);
    // One subscriber per batch, three ids per span: most spans find nobody and move on.
    await fanOutQueued({ batch: 1, span: 3 });
    for (const email of fans) expect(newsletterTo(email)).toHaveLength(1);
    for (let i = 0; i < 9; i++) if (i % 3 !== 0) expect(newsletterTo(`span-${i}@example.com`)).toHaveLength(0);
    const [issue] = await handle.db.select().from(newsletterIssues).where(eq(newsletterIssues.articleId, id));
    expect(issue?.state).toBe("done");
    await fanOutQueued({ batch: 1, span: 3 });
    for (const email of fans) expect(newsletterTo(email)).toHaveLength(1);
  });

  it("sends the weekly digest once, with the week's matching articles, and not the single mails", async () => {
    const id = await confirmed("weekly@example.com", { category: ["css"] });
    expect(
      await updateSubscription(id, { everything: false, category: ["css"], author: [], frequency: "weekly" }),
    ).toBe("updated");
    await handle.db.execute(sql`update subscribers set digest_sent_at = now() where id = ${id}`);
    mails = [];
    await publish("grid-areas", css.id);
    await publish("subgrid", css.id);
    await publish("react-only", react.id);
    await fanOutQueued();
    expect(newsletterTo("weekly@example.com")).toHaveLength(0);
    const due = new Date(Date.now() + 1000);
    await digestOnce(handle.db, due);
    const [digest, ...more] = newsletterTo("weekly@example.com");
    expect(more).toHaveLength(0);
    expect(digest?.subject).toBe("DevPerspective: your weekly digest (2 articles)");
    expect(digest?.text).toContain("Newsletter grid-areas");
    expect(digest?.text).toContain("Newsletter subgrid");
    expect(digest?.text).not.toContain("react-only");
    await digestOnce(handle.db, due);
    expect(newsletterTo("weekly@example.com")).toHaveLength(1);
  });

  it("suppresses an address refused for good (SMTP 5xx) and counts it bounced", async () => {
    await confirmed("gone@example.com", { category: ["css"] });
    setMailer({
      send: async (message) => {
        if (message.to === "gone@example.com")
          throw Object.assign(new Error("550 no such user"), { responseCode: 550 });
        mails.push(message);
      },
    });
    try {
      const first = await publish("bounce-one", css.id);
      await fanOutQueued();
      expect((await articleMailCounts(first)).bounced).toBe(1);
      const [suppressed] = await queryRows<{ email: string }>(
        handle.db,
        sql`select email from mail_suppressions where email = 'gone@example.com'`,
      );
      expect(suppressed).toBeDefined();
      const second = await publish("bounce-two", css.id);
      await fanOutQueued();
      const rows = await handle.db
        .select({ to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(sql`${mailOutbox.kind} = 'newsletter' and ${mailOutbox.toAddress} = 'gone@example.com'`);
      expect(rows).toHaveLength(1);
      expect((await articleMailCounts(second)).bounced).toBe(0);
    } finally {
      setMailer({ send: async (message) => void mails.push(message) });
    }
  });

  it("imports CSV (consented or asked to confirm), refuses what is not CSV, and exports with consent", async () => {
    const actor = { id: writer.id, fullName: "Wendy Writer" };
    const csv = (text: string) => new Blob([text], { type: "text/csv" });
    expect(
      await importSubscribers(csv("Email,categories\nimp1@example.com,css\nIMP2@example.com,\nnot-an-address,\n"), {
        consented: true,
        actor,
      }),
    ).toEqual({ status: "imported", imported: 2, confirmationsQueued: 0, skipped: 1 });
    const [imported] = await handle.db.select().from(subscribers).where(eq(subscribers.email, "imp1@example.com"));
    expect(imported).toMatchObject({ status: "confirmed", consent: "import", everything: false });

    const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(subscribers);
    expect(await importSubscribers(csv("name,address\nA,a@example.com\n"), { consented: true, actor })).toEqual({
      status: "refused",
      message: IMPORT_MESSAGES.noEmail,
    });
    expect(
      await importSubscribers(new Blob([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 1, 2])]), { consented: true, actor }),
    ).toEqual({ status: "refused", message: IMPORT_MESSAGES.notCsv });
    expect(
      await importSubscribers(csv('email\n"unclosed@example.com\nx@example.com\n'), { consented: true, actor }),
    ).toEqual({ status: "refused", message: IMPORT_MESSAGES.notCsv });
    const after = await handle.db.select({ n: sql<number>`count(*)::int` }).from(subscribers);
    expect(after[0]!.n).toBe(before[0]!.n);

    mails = [];
    expect(
      await importSubscribers(csv("email\nask1@example.com\nask2@example.com\n"), { consented: false, actor }),
    ).toEqual({
      status: "imported",
      imported: 2,
      confirmationsQueued: 2,
      skipped: 0,
    });
    expect(mails.map((mail) => mail.to).sort()).toEqual(["ask1@example.com", "ask2@example.com"]);

    let exported = "";
    for await (const chunk of subscriberCsvLines()) exported += chunk;
    const lines = exported.trim().split("\n");
    expect(lines[0]).toBe("email,status,frequency,topics,consent,consented_at,created_at,confirmed_at,unsubscribed_at");
    expect(lines.find((line) => line.startsWith("imp1@example.com"))).toMatch(
      /^imp1@example\.com,confirmed,each,category:css,import,\d{4}-/,
    );
  });

  it("refuses a stray quote as not CSV, skips an address with a NUL past the first 8 KB, and exports formulas inert", async () => {
    const actor = { id: writer.id, fullName: "Wendy Writer" };
    const csv = (text: string) => new Blob([text], { type: "text/csv" });
    // csv-parse's codes do not all start with CSV_ (INVALID_OPENING_QUOTE): every parse error refuses.
    expect(await importSubscribers(csv('email\na"b@example.com\n'), { consented: true, actor })).toEqual({
      status: "refused",
      message: IMPORT_MESSAGES.notCsv,
    });
    const padding = Array.from({ length: 100 }, (_, i) => `pad${i}@example.com,${"x".repeat(100)}`);
    expect(
      await importSubscribers(csv(["email,pad", ...padding, "a\0b@example.com,x", ""].join("\n")), {
        consented: true,
        actor,
      }),
    ).toEqual({ status: "imported", imported: 100, confirmationsQueued: 0, skipped: 1 });

    // Anyone can subscribe "=HYPERLINK(…)@x.io": the export makes it text for a spreadsheet,
    // and importing the export gives the address back as it was.
    const formula = '=HYPERLINK("http://evil.example")@x.io';
    expect(
      await importSubscribers(csv(`email\n"${formula.replaceAll('"', '""')}"\n+1-2@x.io\n`), {
        consented: true,
        actor,
      }),
    ).toMatchObject({ status: "imported", imported: 2 });
    let exported = "";
    for await (const chunk of subscriberCsvLines()) exported += chunk;
    const line = exported.split("\n").find((row) => row.includes("HYPERLINK"))!;
    expect(line.startsWith(`"'=HYPERLINK(""http://evil.example"")@x.io",confirmed,`)).toBe(true);
    expect(exported).toContain("\n'+1-2@x.io,confirmed,");
    await handle.db.delete(subscribers).where(sql`${subscribers.email} in (${formula}, '+1-2@x.io')`);
    const rows = exported.split("\n");
    const theirs = [rows[0], ...rows.filter((row) => row.includes("HYPERLINK") || row.startsWith("'+1-2@")), ""];
    expect(await importSubscribers(csv(theirs.join("\n")), { consented: true, actor })).toMatchObject({
      status: "imported",
      imported: 2,
    });
    const back = await handle.db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(sql`${subscribers.email} in (${formula}, '+1-2@x.io')`);
    expect(back.map((row) => row.email).sort()).toEqual(["+1-2@x.io", formula]);
  });

  it("imports batch by batch: a bad line past the first batch refuses the whole file, a re-run mails nobody twice", async () => {
    const actor = { id: writer.id, fullName: "Wendy Writer" };
    const csv = (lines: string[]) => new Blob([`email,categories\n${lines.join("\n")}\n`], { type: "text/csv" });
    const many = Array.from({ length: IMPORT_BATCH + 10 }, (_, i) => `batch-${i}@example.com,css`);
    const count = async () =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(subscribers).where(sql`email like 'batch-%'`))[0]!
        .n;
    // Unclosed quote after more than one batch of good lines: nothing at all is written.
    expect(await importSubscribers(csv([...many, '"unclosed@example.com,css']), { consented: false, actor })).toEqual({
      status: "refused",
      message: IMPORT_MESSAGES.notCsv,
    });
    expect(await count()).toBe(0);
    expect(mails).toHaveLength(0);

    // Without consent, over two batches: one confirmation each, a repeat in a later batch mailed once,
    // a confirmed address told so (once), a pending address mailed a minute ago left alone.
    const confirmedId = await confirmed("batch-confirmed@example.com", { category: ["react"] });
    await handle.db.execute(
      sql`update subscribers set confirm_sent_at = now() - interval '11 minutes' where id = ${confirmedId}`,
    );
    await anonymous("batch-recent@example.com", { category: ["react"] });
    mails = [];
    const lines = [
      ...many,
      "BATCH-0@example.com,css",
      "batch-confirmed@example.com,css",
      "batch-recent@example.com,css",
    ];
    expect(await importSubscribers(csv(lines), { consented: false, actor })).toEqual({
      status: "imported",
      imported: lines.length,
      confirmationsQueued: many.length + 1,
      skipped: 0,
    });
    const confirmations = mails.filter((mail) => mail.subject === "Confirm your subscription to DevPerspective");
    expect(confirmations).toHaveLength(many.length);
    expect(new Set(confirmations.map((mail) => mail.to.toLowerCase())).size).toBe(many.length);
    expect(mails.filter((mail) => mail.to === "batch-confirmed@example.com").map((mail) => mail.subject)).toEqual([
      "You are already subscribed to DevPerspective",
    ]);
    expect(mails.filter((mail) => mail.to === "batch-recent@example.com")).toHaveLength(0);
    // The pending address takes the latest topics (css); the confirmed one keeps its own (react).
    const topicsOf = async (email: string) =>
      queryRows<{ slug: string }>(
        handle.db,
        sql`select c.slug from subscriber_categories sc join categories c on c.id = sc.category_id
             join subscribers s on s.id = sc.subscriber_id where s.email = ${email} order by c.slug`,
      );
    expect(await topicsOf("batch-recent@example.com")).toEqual([{ slug: "css" }]);
    expect(await topicsOf("batch-confirmed@example.com")).toEqual([{ slug: "react" }]);
    const [link] = confirmations.filter((mail) => mail.to === "batch-7@example.com");
    expect(await confirmSubscription(confirmLinkIn(link!))).toBe("confirmed");

    // Run again (an import stopped halfway, re-run): within 10 minutes nobody gets a second mail.
    mails = [];
    expect(await importSubscribers(csv(lines), { consented: false, actor })).toMatchObject({
      status: "imported",
      confirmationsQueued: 0,
    });
    expect(mails).toHaveLength(0);
    expect(await count()).toBe(many.length + 2);
  });

  it("imports a large file in groups and batches: a bad line at row 90 000 imports nothing, a good file reports every row", async () => {
    const actor = { id: writer.id, fullName: "Wendy Writer" };
    const count = async () =>
      (await handle.db.select({ n: sql<number>`count(*)::int` }).from(subscribers).where(sql`email like 'big-%'`))[0]!
        .n;
    // 90 000 lines (several hundred parser groups, far more than one read of the file), the last one broken.
    const good = Array.from({ length: 89_999 }, (_, i) => `big-${i}@example.com,css`);
    const refused = await importSubscribers(
      new Blob([`email,categories\n${good.join("\n")}\n"big-unclosed@example.com,css\n`], { type: "text/csv" }),
      { consented: true, actor },
    );
    expect(refused).toEqual({ status: "refused", message: IMPORT_MESSAGES.notCsv });
    expect(await count()).toBe(0);

    // A good file over many batches: every kind of line counted once, topics by category and author
    // written for new rows, a confirmed address keeping its own topics.
    const keptId = await confirmed("big-kept@example.com", { category: ["react"] });
    const rows = Array.from({ length: IMPORT_BATCH * 8 + 17 }, (_, i) =>
      i % 3 === 0
        ? `big-${i}@example.com,css,weekly,${writer.authorSlug}`
        : i % 3 === 1
          ? `"big-${i}@example.com","React",each`
          : `big-${i}@example.com,,`,
    );
    const lines = [...rows, "BIG-5@example.com,css,", "not an address,css,", "big-kept@example.com,css,"];
    const file = new Blob([`email,categories,frequency,authors\n${lines.join("\r\n")}`], { type: "text/csv" });
    expect(await importSubscribers(file, { consented: true, actor })).toEqual({
      status: "imported",
      imported: rows.length + 2,
      confirmationsQueued: 0,
      skipped: 1,
    });
    expect(await count()).toBe(rows.length + 1);
    const [row0] = await queryRows<{ status: string; frequency: string; everything: boolean; topics: string }>(
      handle.db,
      sql`select s.status, s.frequency, s.everything,
                 concat_ws(' ', (select string_agg(c.slug, ' ' order by c.slug) from subscriber_categories sc
                                   join categories c on c.id = sc.category_id where sc.subscriber_id = s.id),
                                (select string_agg(a.slug, ' ') from subscriber_authors sa
                                   join authors a on a.id = sa.author_id where sa.subscriber_id = s.id)) as topics
            from subscribers s where s.email = 'big-0@example.com'`,
    );
    expect(row0).toEqual({
      status: "confirmed",
      frequency: "weekly",
      everything: false,
      topics: `css ${writer.authorSlug}`,
    });
    const [row2] = await handle.db.select().from(subscribers).where(eq(subscribers.email, "big-2@example.com"));
    expect(row2).toMatchObject({ status: "confirmed", frequency: "each", everything: true, consent: "import" });
    const pairs = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from subscriber_categories sc join subscribers s on s.id = sc.subscriber_id
           where s.email like 'big-%' and sc.category_id = ${react.id}`,
    );
    expect(pairs[0]!.n).toBe(rows.filter((_, i) => i % 3 === 1).length + 1);
    const kept = await queryRows<{ category_id: number }>(
      handle.db,
      sql`select category_id from subscriber_categories where subscriber_id = ${keptId}`,
    );
    expect(kept).toEqual([{ category_id: react.id }]);
  });

  it("counts subscribers by topic and per week", async () => {
    const topics = await countsByTopic();
    expect(topics.find((t) => t.kind === "category" && t.name === "CSS")?.count).toBeGreaterThan(0);
    const weeks = await weeklyChanges();
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)!.gained).toBeGreaterThan(0);
    expect(weeks.at(-1)!.lost).toBeGreaterThan(0);
  });
});
