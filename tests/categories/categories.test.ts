import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCategory, listCategoryArticles } from "~/articles/articles.server";
import {
  createCategory,
  deleteCategory,
  findCategoryRedirect,
  listAdminCategories,
  toCategoryInput,
  updateCategory,
} from "~/categories/categories.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { seedDemoContent } from "~/seed/seed.server";
import { articles, auditLog, categories, users } from "~/db/schema";
import { onContentChanged } from "~/cache/content-events.server";
import { CATEGORY_MESSAGES } from "~/lib/category-schema";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe("category form values", () => {
  it("makes an empty slug from the name, and refuses a name without letters", () => {
    expect(toCategoryInput({ name: "Web Performance", slug: undefined, description: undefined })).toEqual({
      name: "Web Performance",
      slug: "web-performance",
      description: "",
    });
    expect(toCategoryInput({ name: "***", slug: undefined, description: undefined })).toEqual({
      fieldErrors: { slug: [CATEGORY_MESSAGES.slugFromName] },
    });
  });
});

describe.each(testDatabaseKinds())("categories admin (%s)", (kind) => {
  let handle: DatabaseHandle;
  let actor: { id: number; fullName: string };
  const changes: Array<readonly string[] | null> = [];

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    const [user] = await handle.db
      .insert(users)
      .values({ email: "editor@example.test", fullName: "Eddie Editor", role: "editor" })
      .returning({ id: users.id, fullName: users.fullName });
    actor = user!;
    onContentChanged((_reason, tags) => changes.push(tags));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists categories with their article counts", async () => {
    const list = await listAdminCategories();
    const react = list.find((c) => c.slug === "react");
    const n = await handle.db.$count(articles, eq(articles.categoryId, react!.id));
    expect(react?.articleCount).toBe(n);
    expect(n).toBeGreaterThan(0);
  });

  it("creates a category, refusing a taken name or slug", async () => {
    const created = await createCategory(actor, { name: "Web Performance", slug: "web-performance", description: "" });
    expect(created.status).toBe("saved");
    const again = await createCategory(actor, { name: "web performance", slug: "react", description: "" });
    expect(again).toEqual({
      status: "invalid",
      fieldErrors: { name: [CATEGORY_MESSAGES.nameTaken], slug: [CATEGORY_MESSAGES.slugTaken] },
    });
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.kind, "category"));
    expect(audit.some((row) => row.action === "created" && row.actorUserId === actor.id)).toBe(true);
  });

  it("renames a category: the old slug redirects, the pages of both slugs and its articles are refreshed", async () => {
    const css = await findCategory("css");
    changes.length = 0;
    const renamed = await updateCategory(actor, css!.id, { name: "Styling", slug: "styling", description: "All CSS." });
    expect(renamed.status).toBe("saved");
    expect(await findCategoryRedirect("css")).toBe("styling");
    expect(await findCategoryRedirect("styling")).toBeNull();
    expect((await findCategory("styling"))?.description).toBe("All CSS.");
    const tags = changes.at(-1) ?? [];
    expect(tags).toEqual(expect.arrayContaining(["category:css", "category:styling", "lists", "feeds", "search"]));
    const [post] = (await listCategoryArticles(css!.id)).articles;
    expect(tags).toContain(`post:${post!.slug}`);

    // Another category cannot take the old slug; the category itself can take it back.
    const taken = await createCategory(actor, { name: "Cascading", slug: "css", description: "" });
    expect(taken).toEqual({ status: "invalid", fieldErrors: { slug: [CATEGORY_MESSAGES.slugRedirects] } });
    const back = await updateCategory(actor, css!.id, { name: "CSS", slug: "css", description: "" });
    expect(back.status).toBe("saved");
    expect(await findCategoryRedirect("css")).toBeNull();
    expect(await findCategoryRedirect("styling")).toBe("css");
  });

  it("a description edit refreshes only the category's pages", async () => {
    const react = await findCategory("react");
    changes.length = 0;
    await updateCategory(actor, react!.id, { name: react!.name, slug: "react", description: "Hooks and more." });
    expect(changes.at(-1)).toEqual(["category:react"]);
  });

  it("deletes a category with articles only with a target, moving them in the same transaction", async () => {
    const devtools = await findCategory("devtools");
    const react = await findCategory("react");
    const before = await handle.db.$count(articles, eq(articles.categoryId, devtools!.id));
    expect(before).toBeGreaterThan(0);
    expect(await deleteCategory(actor, devtools!.id, null)).toEqual({
      status: "invalid",
      fieldErrors: { moveTo: [CATEGORY_MESSAGES.moveRequired] },
    });
    expect(await deleteCategory(actor, devtools!.id, devtools!.id)).toMatchObject({ status: "invalid" });
    const reactBefore = await handle.db.$count(articles, eq(articles.categoryId, react!.id));
    const deleted = await deleteCategory(actor, devtools!.id, react!.id);
    expect(deleted).toEqual({ status: "deleted", name: devtools!.name, moved: before, movedTo: react!.name });
    expect(await handle.db.$count(articles, eq(articles.categoryId, react!.id))).toBe(reactBefore + before);
    expect(await handle.db.$count(categories, eq(categories.id, devtools!.id))).toBe(0);
  });

  it("deletes an empty category without a target", async () => {
    const created = await createCategory(actor, { name: "Empty", slug: "empty", description: "" });
    if (created.status !== "saved") throw new Error("not created");
    expect(await deleteCategory(actor, created.category.id, null)).toMatchObject({ status: "deleted", moved: 0 });
  });

  it("a failed move changes nothing", async () => {
    const react = await findCategory("react");
    const count = await handle.db.$count(categories);
    expect(await deleteCategory(actor, react!.id, 2_000_000)).toMatchObject({ status: "invalid" });
    expect(await handle.db.$count(categories)).toBe(count);
  });
});
