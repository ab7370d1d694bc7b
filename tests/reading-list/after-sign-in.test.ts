/**
 * A save begun signed out completes with the sign-in (issue 24, item 6): afterSignIn reads the
 * pending save from the sign-in's redirect target, saves for the account that signed in, and
 * sends the reader back where they were; any other target is left as it is.
 */
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, users } from "~/db/schema";
import { readingListSaveHref } from "~/lib/urls";
import { afterSignIn, isSaved } from "~/reading-list/reading-list.server";
import { seedDemoContent } from "~/seed/seed.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("completing a pending save at sign-in on %s", (kind) => {
  let handle: DatabaseHandle;
  let userId: number;
  let publishedId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    const [article] = await handle.db.select({ id: articles.id }).from(articles).where(isPublished).limit(1);
    publishedId = article!.id;
    const [user] = await handle.db
      .insert(users)
      .values({ email: "later@example.com", fullName: "Later Reader" })
      .returning({ id: users.id });
    userId = user!.id;
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  it("saves the article and goes back where the reader was; a second time changes nothing", async () => {
    const target = readingListSaveHref(publishedId, "/category/react?page=2");
    expect(await afterSignIn(userId, target)).toBe("/category/react?page=2");
    expect(await isSaved(userId, publishedId)).toBe(true);
    expect(await afterSignIn(userId, target)).toBe("/category/react?page=2");
    expect(await isSaved(userId, publishedId)).toBe(true);
  });

  it("leaves any other target as it is, and never goes off the site", async () => {
    expect(await afterSignIn(userId, "/account")).toBe("/account");
    expect(await afterSignIn(userId, "https://evil.example/")).toBe("/");
    expect(await afterSignIn(userId, readingListSaveHref(publishedId, "//evil.example/"))).toBe("/");
  });

  it("saves nothing for an article that is gone or unpublished, and still goes back", async () => {
    const [other] = await handle.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(isPublished, ne(articles.id, publishedId)))
      .limit(1);
    const [draft] = await handle.db
      .update(articles)
      .set({ status: "draft", publishedAt: null })
      .where(eq(articles.id, other!.id))
      .returning({ id: articles.id });
    expect(await afterSignIn(userId, readingListSaveHref(draft!.id, "/search"))).toBe("/search");
    expect(await isSaved(userId, draft!.id)).toBe(false);
    expect(await afterSignIn(userId, readingListSaveHref(2_000_000, "/"))).toBe("/");
  });
});
