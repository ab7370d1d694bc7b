import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { auditLog, pages, users } from "~/db/schema";
import { seedSitePages } from "~/seed/seed.server";
import { cacheTagsFor } from "../support/page-tags";
import { SITE_PAGES } from "~/lib/site-pages";
import { getPage, getPageSource, listPages, savePage } from "~/pages/pages.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("site pages on %s", (kind) => {
  let handle: DatabaseHandle;
  let admin: { id: number; fullName: string };
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    const [row] = await handle.db
      .insert(users)
      .values({ email: "pages@example.com", fullName: "Page Admin", role: "administrator" })
      .returning({ id: users.id, fullName: users.fullName });
    admin = row!;
  });
  afterAll(async () => {
    await handle.close();
  });

  it("seeds every page once, rendered, and never overwrites an edit", async () => {
    expect(await seedSitePages()).toBe(SITE_PAGES.length);
    const listed = await listPages();
    expect(listed.map((page) => page.slug).sort()).toEqual(SITE_PAGES.map((page) => page.slug).sort());
    const faq = await getPage("faq");
    expect(faq?.contentHtml).toContain("<h2");
    expect(faq?.contentHtml).not.toContain("##");

    expect(await savePage(admin, "faq", { title: "Questions", content: "## Edited\n\nNew **text**." })).toBe(true);
    expect(await seedSitePages()).toBe(0);
    expect((await getPageSource("faq"))?.content).toBe("## Edited\n\nNew **text**.");
    // A deleted page comes back on the next start.
    await handle.db.delete(pages).where(eq(pages.slug, "terms"));
    expect(await seedSitePages()).toBe(1);
  });

  it("a save renders and sanitises the markdown, records who did it, and is audited", async () => {
    expect(
      await savePage(admin, "privacy", { title: "Privacy", content: "Hello <script>alert(1)</script> **world**" }),
    ).toBe(true);
    const page = await getPage("privacy");
    expect(page?.title).toBe("Privacy");
    expect(page?.contentHtml).toContain("<strong>world</strong>");
    expect(page?.contentHtml).not.toContain("<script");
    const [row] = await handle.db.select().from(pages).where(eq(pages.slug, "privacy"));
    expect(row?.updatedBy).toBe(admin.id);
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, "privacy"));
    expect(entries.map((entry) => [entry.kind, entry.action])).toEqual([["page", "updated"]]);
    expect(await savePage(admin, "no-such-page", { title: "X", content: "Y" })).toBe(false);
  });

  it("each page has its own cache tag", () => {
    expect(cacheTagsFor("/terms")).toEqual(["page:terms"]);
    expect(cacheTagsFor("/refund-policy.data")).toEqual(["page:refund-policy"]);
  });
});
