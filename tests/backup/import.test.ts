import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportToFile } from "~/backup/export-command.server";
import { planImport } from "~/backup/import-plan.server";
import { rollbackRun } from "~/backup/import-rollback.server";
import { applyImport, importedRedirect } from "~/backup/import.server";
import { readImportSource } from "~/backup/import-sources.server";
import { ImportFileError } from "~/backup/import-types.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { articles, pages } from "~/db/schema";
import { SITE_PAGES } from "~/lib/site-pages";
import { getPageSource } from "~/pages/pages.server";
import { seedDemoContent, seedSitePages } from "~/seed/seed.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const FIXTURES = path.resolve("tests/fixtures/imports");
const ACTOR = { id: null, fullName: "npm run import" } as const;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dp-import-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function zipOf(file: string, entries: { name: string; data: Buffer | string; mode?: number }[]) {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(Buffer.from(entry.data), entry.name, entry.mode ? { mode: entry.mode } : {});
  }
  zip.end();
  await new Promise<void>((resolve) => zip.outputStream.pipe(fs.createWriteStream(file)).on("close", () => resolve()));
  return file;
}

async function importFile(file: string) {
  const source = await readImportSource(file);
  const plan = await planImport(source);
  return { source, plan, report: await applyImport(source, plan, ACTOR, path.basename(file)) };
}

const articleCount = async (handle: DatabaseHandle) =>
  (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from articles`))[0]!.n;

describe.each(testDatabaseKinds())("imports on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("imports a Ghost export: posts, tags as categories, authors, statuses, old paths; scripts never survive", async () => {
    const file = path.join(FIXTURES, "ghost-export.json");
    const source = await readImportSource(file);
    expect(source.kind).toBe("ghost");
    const plan = await planImport(source);
    // Three posts and a page (Ghost's "about": /about is this site's own page, so it gets a new address).
    expect(plan.counts).toMatchObject({ create: 4, unchanged: 0 });
    expect(plan.items.filter((item) => item.target === "page")).toMatchObject([
      { action: "create", slug: "about-2", renamedFrom: "about" },
    ]);
    expect(plan.categoriesToCreate.sort()).toEqual(["APIs", "Databases"]);
    expect(plan.authorsToCreate.sort()).toEqual(["Grace Ghostwriter", "Linus Lexical"]);
    const report = await applyImport(source, plan, ACTOR, "ghost-export.json");
    expect(report.created.map((a) => a.slug).sort()).toEqual([
      "designing-idempotent-apis",
      "observability-budget",
      "postgres-indexes",
    ]);
    expect(report.remoteImages.map((image) => image.url)).toContain("https://images.example.com/keys.png");
    const [idempotent] = await handle.db.select().from(articles).where(eq(articles.slug, "designing-idempotent-apis"));
    expect(idempotent!.content).toContain("**Idempotency keys**");
    expect(idempotent!.content).toContain("```");
    expect(idempotent!.content).not.toMatch(/script|alert/);
    expect(idempotent!.contentHtml).not.toMatch(/<script|alert\(/);
    expect(idempotent!.publishedAt?.toISOString()).toBe("2024-01-11T09:00:00.000Z");
    expect(idempotent!.excerpt).toBe("Make retries safe with idempotency keys.");
    const [lexical] = await handle.db.select().from(articles).where(eq(articles.slug, "postgres-indexes"));
    expect(lexical!.content).toContain("## Partial indexes");
    const [draft] = await handle.db.select().from(articles).where(eq(articles.slug, "observability-budget"));
    expect(draft!.status).toBe("draft");
    expect(draft!.content).toContain("**cost money**");
    // Old paths redirect to published articles.
    expect(await importedRedirect("/designing-idempotent-apis/")).toBe("designing-idempotent-apis");
    expect(await importedRedirect("/observability-budget")).toBeNull();
    // A second import creates nothing.
    const before = await articleCount(handle);
    const again = await importFile(file);
    expect(again.plan.counts).toMatchObject({ create: 0, unchanged: 4 });
    expect(again.report.created).toEqual([]);
    expect(await articleCount(handle)).toBe(before);
  });

  it("imports a dev.to export with its tags, status and old path", async () => {
    const { source, report } = await importFile(path.join(FIXTURES, "devto-articles.json"));
    expect(source.kind).toBe("devto");
    expect(report.created.map((a) => a.slug).sort()).toEqual([
      "five-git-commands-i-use-every-day",
      "unpublished-thoughts-on-monorepos",
    ]);
    const [git] = await handle.db.select().from(articles).where(eq(articles.slug, "five-git-commands-i-use-every-day"));
    expect(git!.status).toBe("published");
    expect(git!.content.startsWith("`git switch -`")).toBe(true);
    expect(await importedRedirect("/devwriter/five-git-commands-i-use-every-day-3k2j")).toBe(
      "five-git-commands-i-use-every-day",
    );
    expect((await importFile(path.join(FIXTURES, "devto-articles.json"))).report.created).toEqual([]);
  });

  it("keeps only the text items of a tag list: dev.to's null, objects and numbers make no tag or category", async () => {
    const file = path.join(work, `${kind}-devto-tags.json`);
    fs.writeFileSync(
      file,
      JSON.stringify([
        { id: 901, title: "Odd Tags", body_markdown: "Body.", published: false, tag_list: [null, { a: 1 }, 5] },
        {
          id: 902,
          title: "Some Tags",
          body_markdown: "Body.",
          published: false,
          tag_list: [null, " go ", "", 7, "db"],
        },
      ]),
    );
    const source = await readImportSource(file);
    expect(source.articles.map((article) => [article.tags, article.category])).toEqual([
      [[], null],
      [["go", "db"], "go"],
    ]);
    expect((await planImport(source)).categoriesToCreate).toEqual(["go"]);
    // YAML front matter writes `tags: [2024]` as a number the author meant as text: kept there.
    const hugo = await zipOf(path.join(work, `${kind}-yaml-tags.zip`), [
      { name: "post.md", data: "---\ntitle: Year Tags\ntags: [2024, go, null, {a: 1}]\n---\n\nBody." },
    ]);
    expect((await readImportSource(hugo)).articles[0]!.tags).toEqual(["2024", "go"]);
  });

  it("imports a Hugo folder with its images into the media library, drafts and aliases", async () => {
    const { report } = await importFile(path.join(FIXTURES, "hugo"));
    // Hugo's address is the file's (or the page bundle's folder's) name unless front matter gives a slug.
    expect(report.created.map((a) => a.slug).sort()).toEqual([
      "bundle-post",
      "profiling-nodejs-in-production",
      "work-in-progress",
    ]);
    expect(report.images).toBe(2);
    expect(report.missingImages).toEqual([]);
    const [post] = await handle.db.select().from(articles).where(eq(articles.slug, "profiling-nodejs-in-production"));
    expect(post!.content).toMatch(/!\[Flame graph\]\(\/media\/[0-9a-f]{64}\.png\)/);
    expect(post!.contentHtml).toMatch(/<img[^>]+src="\/media\/[0-9a-f]{64}\.png"/);
    const [bundle] = await handle.db.select().from(articles).where(eq(articles.slug, "bundle-post"));
    expect(bundle!.imageUrl).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(bundle!.content).toMatch(/!\[cover\]\(\/media\//);
    const [draft] = await handle.db.select().from(articles).where(eq(articles.slug, "work-in-progress"));
    expect(draft!.status).toBe("draft");
    expect(await importedRedirect("/blog/2024/profiling-node/")).toBe("profiling-nodejs-in-production");
    expect((await importFile(path.join(FIXTURES, "hugo"))).report.created).toEqual([]);
  });

  it("resolves a slug conflict with a new slug, or skips it", async () => {
    const file = await zipOf(path.join(work, `${kind}-conflict.zip`), [
      { name: "posts/designing-idempotent-apis.md", data: "---\ntitle: Same Slug Elsewhere\n---\n\nBody." },
    ]);
    const source = await readImportSource(file);
    expect((await planImport(source, "skip")).items[0]!.action).toBe("skip");
    const plan = await planImport(source, "rename");
    expect(plan.items[0]).toMatchObject({ action: "create", slug: "designing-idempotent-apis-2" });
  });

  it("refuses bad files and imports nothing", async () => {
    const before = await articleCount(handle);
    const climbing = await zipOf(path.join(work, `${kind}-climb.zip`), [{ name: "xx/evil.md", data: "# evil" }]);
    const bytes = fs.readFileSync(climbing);
    fs.writeFileSync(climbing, Buffer.from(bytes.toString("latin1").replaceAll("xx/evil.md", "../evil.md"), "latin1"));
    const link = await zipOf(path.join(work, `${kind}-link.zip`), [
      { name: "post.md", data: "# x" },
      { name: "secret.md", data: "/etc/passwd", mode: 0o120777 },
    ]);
    const bomb = await zipOf(path.join(work, `${kind}-bomb.zip`), [
      { name: "big.md", data: Buffer.alloc(8 * 1024 * 1024, 0x61) },
    ]);
    const huge = await zipOf(path.join(work, `${kind}-huge.zip`), [
      { name: "photo.png", data: randomBytes(11 * 1024 * 1024) },
    ]);
    const badFront = await zipOf(path.join(work, `${kind}-front.zip`), [
      { name: "post.md", data: "---\ntitle: [unclosed\n---\n\nBody" },
    ]);
    const unknownJson = path.join(work, `${kind}-unknown.json`);
    fs.writeFileSync(unknownJson, JSON.stringify({ hello: "world" }));
    const newer = await zipOf(path.join(work, `${kind}-newer.zip`), [
      { name: "manifest.json", data: JSON.stringify({ format: "devperspective-export", formatVersion: 99 }) },
      { name: "articles/x.md", data: "---\ntitle: X\n---\n\nX" },
    ]);
    const cases: [string, RegExp][] = [
      [climbing, /climbs out/],
      [link, /holds a link/],
      [bomb, /zip bomb/],
      [huge, /larger than the upload limit/],
      [badFront, /invalid front matter/],
      [unknownJson, /not a known export/],
      [newer, /newer version/],
      [path.join(FIXTURES, "nope.json"), /no such file/],
    ];
    for (const [file, message] of cases) {
      const error = await readImportSource(file).catch((caught: Error) => caught);
      expect(error, file).toBeInstanceOf(ImportFileError);
      expect((error as Error).message, file).toMatch(message);
    }
    expect(await articleCount(handle)).toBe(before);
  });
});

describe.each(testDatabaseKinds())("own export round trip on %s", (kind) => {
  it("an export imported into a fresh site exports the same articles and edited pages", async () => {
    const source = await openTestDatabase(kind);
    const target = await openTestDatabase(kind);
    try {
      setDatabaseHandle(source);
      await seedDemoContent();
      await seedSitePages();
      // An administrator edited the FAQ (as /admin/pages saves it).
      const faq = await getPageSource("faq");
      const editedFaq = `${faq!.content.trimEnd()}\n\n## Can I bring my own export back?\n\nYes: its pages come back too.\n`;
      await source.db
        .update(pages)
        .set({ content: editedFaq, contentHtml: "<p>edited</p>", updatedAt: new Date("2025-03-04T05:06:07.000Z") })
        .where(eq(pages.slug, "faq"));
      const first = path.join(work, `${kind}-first.zip`);
      await exportToFile(first, "https://devperspective.test", ACTOR);
      setDatabaseHandle(target);
      // A fresh site has its site pages (startup adds them).
      await seedSitePages();
      const read = await readImportSource(first);
      expect(read.kind).toBe("devperspective");
      expect(read.pages.map((page) => page.slug).sort()).toEqual(SITE_PAGES.map((page) => page.slug).sort());
      // The pages nobody edited read the same here: unchanged. The edited FAQ is a slug conflict.
      const pageItems = (plan: Awaited<ReturnType<typeof planImport>>) =>
        plan.items
          .filter((item) => item.target === "page")
          .map((item) => [item.slug, item.action])
          .sort();
      const renamed = await planImport(read);
      expect(pageItems(renamed)).toEqual(
        SITE_PAGES.map((page) => (page.slug === "faq" ? ["faq-2", "create"] : [page.slug, "unchanged"])).sort(),
      );
      expect(pageItems(await planImport(read, "skip"))).toContainEqual(["faq", "skip"]);
      const plan = await planImport(read, "overwrite");
      expect(pageItems(plan)).toContainEqual(["faq", "overwrite"]);
      const report = await applyImport(read, plan, ACTOR, path.basename(first));
      expect(report.failed).toEqual([]);
      expect(report.pages).toMatchObject([{ slug: "faq", overwritten: true }]);
      const second = path.join(work, `${kind}-second.zip`);
      await exportToFile(second, "https://devperspective.test", ACTOR);
      const one = await readImportSource(first);
      const two = await readImportSource(second);
      const filesOf = (files: Map<string, Buffer>, folder: string) =>
        Object.fromEntries([...files].filter(([name]) => name.startsWith(folder)).map(([n, b]) => [n, b.toString()]));
      expect(filesOf(two.files, "articles/")).toEqual(filesOf(one.files, "articles/"));
      expect(two.files.get("pages/faq.md")?.toString()).toBe(one.files.get("pages/faq.md")?.toString());
      expect(two.files.get("pages/faq.md")?.toString()).toContain("Can I bring my own export back?");
      // Importing it again changes nothing, whatever the policy.
      const again = await planImport(await readImportSource(first), "overwrite");
      expect(again.counts).toMatchObject({ create: 0, overwrite: 0 });
      expect((await importFile(first)).report.created).toEqual([]);
      // Rolling the import back gives the FAQ back as it was here.
      expect((await rollbackRun(report.runId, ACTOR)).status).toBe("rolled-back");
      expect((await getPageSource("faq"))?.content).toBe(faq!.content);
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);
});

describe.each(testDatabaseKinds())("own export into the same site on %s", (kind) => {
  it("is unchanged while its articles are here, whatever the policy, and brings back only what was deleted", async () => {
    const handle = await openTestDatabase(kind);
    try {
      setDatabaseHandle(handle);
      await seedDemoContent();
      await seedSitePages();
      const slugsHere = async () =>
        (await handle.db.select({ slug: articles.slug }).from(articles)).map((row) => row.slug).sort();
      const original = await slugsHere();
      expect(original.length).toBeGreaterThan(2);
      const file = path.join(work, `${kind}-own.zip`);
      await exportToFile(file, "https://devperspective.test", ACTOR);
      const read = await readImportSource(file);
      expect(read.articles.map((article) => article.slug).sort()).toEqual(original);

      // Everything reads the same as here: unchanged, no conflict, whatever the policy.
      for (const policy of ["rename", "skip", "overwrite"] as const) {
        const plan = await planImport(read, policy);
        expect(plan.counts, policy).toMatchObject({ create: 0, overwrite: 0, skip: 0, conflicts: 0, renamed: 0 });
        expect(plan.counts.unchanged, policy).toBe(read.articles.length + read.pages.length);
      }
      // Importing it twice creates nothing, either time.
      for (const time of [1, 2]) {
        const report = (await importFile(file)).report;
        expect(report.created, `import ${time}`).toEqual([]);
        expect(report.renamed, `import ${time}`).toEqual([]);
        expect(report.unchanged, `import ${time}`).toBe(read.articles.length + read.pages.length);
      }
      expect(await slugsHere()).toEqual(original);
      // A fresh export of the site, imported again, still creates nothing (never slug-2-2).
      const again = path.join(work, `${kind}-own-again.zip`);
      await exportToFile(again, "https://devperspective.test", ACTOR);
      expect((await importFile(again)).report.created).toEqual([]);
      expect(await slugsHere()).toEqual(original);

      // Partly deleted: the import brings back what is missing and nothing else.
      const [gone, alsoGone] = original;
      await handle.db.delete(articles).where(sql`${articles.slug} in (${gone!}, ${alsoGone!})`);
      const restored = (await importFile(file)).report;
      expect(restored.created.map((article) => article.slug).sort()).toEqual([gone, alsoGone].sort());
      expect(restored.renamed).toEqual([]);
      expect(await slugsHere()).toEqual(original);
      const [back] = await handle.db.select().from(articles).where(eq(articles.slug, gone!));
      expect(back!.content.trimEnd()).toBe(read.articles.find((article) => article.slug === gone)!.markdown.trimEnd());

      // Different text at a taken address is still a conflict.
      const edited = original[original.length - 1]!;
      await handle.db
        .update(articles)
        .set({ content: "Edited here after the export." })
        .where(eq(articles.slug, edited));
      const conflicted = await planImport(await readImportSource(file), "skip");
      expect(conflicted.counts).toMatchObject({ create: 0, conflicts: 1, skip: 1 });
      expect(conflicted.items.find((item) => item.action === "skip")?.slug).toBe(edited);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
