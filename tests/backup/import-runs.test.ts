/**
 * Import runs: the upload kept in the database (any instance reads it), an import stopped
 * between batches (a restart) that resumes or rolls back and never leaves half an article, the
 * overwrite choice applied idempotently and undone by a roll back, Ghost pages as site pages.
 * On both databases.
 */
import { eq, sql } from "drizzle-orm";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyRun } from "~/backup/import-apply.server";
import { planImport } from "~/backup/import-plan.server";
import { rollbackRun } from "~/backup/import-rollback.server";
import {
  claimRun,
  createRun,
  createUploadedRun,
  getRun,
  readRunSource,
  releaseRun,
  startRun,
} from "~/backup/import-runs.server";
import { readImportBuffer } from "~/backup/import-sources.server";
import { ImportFileError } from "~/backup/import-types.server";
import { applyImport, applyUploadedRun, importedRedirect, previewRun, rollbackImport } from "~/backup/import.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { articles, importedArticles, importRuns, importUploadChunks, pages } from "~/db/schema";
import { getPage, insertMissingPages } from "~/pages/pages.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { ghostFixture } from "./ghost-fixture";
import { numberedPng } from "./image-server";

const ACTOR = { id: null, fullName: "npm run import" } as const;

async function zipBytes(entries: { name: string; data: Buffer | string }[]) {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.data), entry.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const ghostBytes = async (posts: number, prefix: string) =>
  Buffer.from(JSON.stringify((await ghostFixture({ posts, prefix })).json));

const count = async (handle: DatabaseHandle, table: string) =>
  (await queryRows<{ n: number }>(handle.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe.each(testDatabaseKinds())("import runs on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await insertMissingPages([{ slug: "privacy", title: "Privacy Policy", content: "Our **own** privacy policy." }]);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("keeps the upload in the database until it is applied, for any instance to read", async () => {
    const bytes = await zipBytes([
      { name: "posts/shared-upload.md", data: "---\ntitle: Shared Upload\n---\n\n![Chart](chart.png)" },
      { name: "posts/chart.png", data: await numberedPng(7) },
    ]);
    const { runId } = await createUploadedRun(bytes, "site.zip", ACTOR);
    const stored = await handle.db.select().from(importUploadChunks).where(eq(importUploadChunks.runId, runId));
    expect(Buffer.concat(stored.map((chunk) => chunk.bytes)).equals(bytes)).toBe(true);
    // Read back from the database alone (what another instance does).
    const source = await readRunSource(runId);
    expect(source?.articles.map((article) => article.slug)).toEqual(["shared-upload"]);
    expect((await getRun(runId))?.status).toBe("uploaded");
    const outcome = await applyUploadedRun(runId, "rename", ACTOR);
    expect(outcome.status).toBe("finished");
    expect(await count(handle, `import_upload_chunks where run_id = ${runId}`)).toBe(0);
    const run = await getRun(runId);
    expect(run).toMatchObject({ status: "finished", total: 1, done: 1 });
    expect(run?.report).toMatchObject({ created: [{ slug: "shared-upload" }], images: 1 });
    expect(await applyUploadedRun(runId, "rename", ACTOR)).toEqual({ status: "gone" });
  });

  it("applies the choice it is given, whatever was previewed, and never starts an upload without one", async () => {
    const first = await zipBytes([
      { name: "p/choice.md", data: "---\ntitle: Chosen Here\nslug: chosen-slug\n---\n\nHere." },
    ]);
    await applyUploadedRun((await createUploadedRun(first, "first.zip", ACTOR)).runId, "rename", ACTOR);
    const other = await zipBytes([
      { name: "q/choice.md", data: "---\ntitle: Chosen There\nslug: chosen-slug\n---\n\nThere." },
    ]);
    const { runId } = await createUploadedRun(other, "other.zip", ACTOR);
    // The page showed the default preview (a new address)…
    const previewed = await previewRun(runId, "rename");
    expect(previewed.status === "preview" && previewed.preview.items[0]).toMatchObject({
      action: "create",
      slug: "chosen-slug-2",
    });
    // …a resume (no choice) of a run never applied starts nothing…
    expect(await applyUploadedRun(runId, null, ACTOR)).toEqual({ status: "unplanned" });
    expect((await getRun(runId))?.status).toBe("uploaded");
    // …and the import with Skip skips.
    expect((await applyUploadedRun(runId, "skip", ACTOR)).status).toBe("finished");
    expect((await getRun(runId))?.report).toMatchObject({ created: [], skipped: [{ slug: "chosen-slug" }] });
    const slugs = await handle.db
      .select({ slug: articles.slug })
      .from(articles)
      .where(sql`${articles.slug} like 'chosen-slug%'`);
    expect(slugs.map((row) => row.slug)).toEqual(["chosen-slug"]);
  });

  it("refuses a file it cannot read and keeps nothing of it", async () => {
    const before = await count(handle, "import_runs");
    const error = await createUploadedRun(Buffer.from('{"hello":"world"}'), "x.json", ACTOR).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/not a known export/);
    expect(await count(handle, "import_runs")).toBe(before);
  });

  it("refuses a malformed Ghost export or manifest with its reason (never a TypeError) and keeps nothing", async () => {
    const before = await count(handle, "import_runs");
    const ghost = (data: unknown) => Buffer.from(JSON.stringify({ db: [{ data }] }));
    const cases: [Buffer, RegExp][] = [
      [ghost({ posts: [null] }), /^Refused: this is not a valid Ghost export \(posts\[0\] is not an object\)\.$/],
      [ghost({ posts: [], tags: "x" }), /not a valid Ghost export \("tags" is not a list\)/],
      [ghost({ posts: [], posts_tags: {} }), /not a valid Ghost export \("posts_tags" is not a list\)/],
      [ghost({ posts: [], pages: 5 }), /not a valid Ghost export \("pages" is not a list\)/],
      [ghost({ posts: [], users: [{ id: "u", name: 5 }] }), /\(the name of users\[0\] is not text\)/],
      [ghost({ posts: [], posts_authors: [{ post_id: "p" }] }), /\(posts_authors\[0\] has no post_id or author_id\)/],
      [ghost({ posts: [{ title: "No id" }] }), /\(the post "No id" has no id\)/],
      // A zip holding the export says why it is refused, too.
      [await zipBytes([{ name: "ghost.json", data: ghost({ posts: [null] }) }]), /posts\[0\] is not an object/],
      [
        await zipBytes([
          { name: "articles/a.md", data: "---\ntitle: A\n---\n\nA" },
          { name: "manifest.json", data: "null" },
        ]),
        /^Refused: manifest\.json is not an export's manifest/,
      ],
    ];
    for (const [bytes, message] of cases) {
      const error = await createUploadedRun(bytes, "bad.json", ACTOR).catch((caught: Error) => caught);
      expect(error, String(message)).toBeInstanceOf(ImportFileError);
      expect((error as Error).message).toMatch(message);
    }
    expect(await count(handle, "import_runs")).toBe(before);
  });

  it("imports a Ghost post whose body cannot be read without it, and the preview says why", async () => {
    const deep = (levels: number) => `{"root":${'{"children":['.repeat(levels)}{}${"]}".repeat(levels)}}`;
    const post = (id: string, body: Record<string, string>) => ({
      id,
      slug: `unreadable-${id}`,
      title: `Unreadable ${id}`,
      status: "published",
      ...body,
    });
    const json = Buffer.from(
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                post("a", { lexical: '{"root":null}' }),
                post("b", { lexical: '{"root":{"children":[null]}}' }),
                post("c", { lexical: deep(20_000) }),
                post("d", { lexical: "{not json" }),
                post("e", { html: `${"<div>".repeat(5000)}x${"</div>".repeat(5000)}` }),
                post("f", {
                  lexical: JSON.stringify({
                    root: {
                      children: [
                        { type: "heading", tag: "h999999999", children: [{ type: "text", text: "Read" }] },
                        { type: "paragraph", children: [{ type: "link", url: 5, children: [{ type: "text" }] }] },
                      ],
                    },
                  }),
                }),
                post("g", { lexical: deep(50) }),
              ],
            },
          },
        ],
      }),
    );
    const { runId, source } = await createUploadedRun(json, "unreadable.json", ACTOR);
    expect(source.articles.map((article) => [article.slug, article.markdown])).toEqual([
      ["unreadable-a", ""],
      ["unreadable-b", ""],
      ["unreadable-c", ""],
      ["unreadable-d", ""],
      ["unreadable-e", ""],
      ["unreadable-f", "## Read\n\n[]()"],
      ["unreadable-g", ""],
    ]);
    const problems = [
      'The post "Unreadable a" is imported without its body (its Lexical document cannot be read: it has no root node).',
      'The post "Unreadable b" is imported without its body (its Lexical document cannot be read: a node is not an object).',
      'The post "Unreadable c" is imported without its body (its Lexical document cannot be read: it is nested more than 100 levels deep).',
      'The post "Unreadable d" is imported without its body (its Lexical document is not valid JSON).',
      'The post "Unreadable e" is imported without its body (its HTML is nested too deeply to convert).',
    ];
    expect(source.problems).toEqual(problems);
    const previewed = await previewRun(runId, "rename");
    expect(previewed).toMatchObject({ status: "preview", preview: { problems, total: 7 } });
    expect((await applyUploadedRun(runId, "rename", ACTOR)).status).toBe("finished");
    expect(await count(handle, "articles where slug like 'unreadable-%'")).toBe(7);
  });

  it("strips NUL characters from everything an import brings: Markdown, Ghost, dev.to, the file's name", async () => {
    const markdown = await zipBytes([{ name: "n.md", data: "---\ntitle: nul\0title\ntags: [a\0b]\n---\nbody\0x" }]);
    const upload = await createUploadedRun(markdown, "n\0.zip", ACTOR);
    expect(upload.source.articles[0]).toMatchObject({ title: "nultitle", markdown: "bodyx", tags: ["ab"] });
    expect((await applyUploadedRun(upload.runId, "rename", ACTOR)).status).toBe("finished");
    expect(await getRun(upload.runId)).toMatchObject({ status: "finished", fileName: "n.zip" });
    const [row] = await handle.db.select().from(articles).where(eq(articles.title, "nultitle"));
    expect(row).toMatchObject({ slug: "n", content: "bodyx" });

    const ghost = await readImportBuffer(
      Buffer.from(
        JSON.stringify({
          db: [
            {
              data: {
                posts: [{ id: "g\0", slug: "nul-\0ghost", title: "Gh\0ost", html: "<p>a\0b</p>", status: "published" }],
                tags: [{ id: "t", name: "T\0ag" }],
                posts_tags: [{ post_id: "g", tag_id: "t" }],
              },
            },
          ],
        }),
      ),
    );
    expect(JSON.stringify(ghost)).not.toContain("\\u0000");
    expect(ghost.articles[0]).toMatchObject({ sourceId: "g", slug: "nul-ghost", title: "Ghost", tags: ["Tag"] });
    expect(ghost.articles[0]!.markdown).toBe("ab");
    const devto = await readImportBuffer(
      Buffer.from(JSON.stringify([{ title: "De\0v", body_markdown: "x\0y", tag_list: ["\0", "t\0"] }])),
    );
    expect(devto.articles[0]).toMatchObject({ title: "Dev", markdown: "xy", tags: ["t"], category: "t" });
  });

  it("refuses to roll back an import that does not exist, was never applied or was already rolled back; busy only while another holds it", async () => {
    expect(await rollbackImport(999_999, ACTOR)).toEqual({ status: "missing" });
    const missing = await rollbackRun(999_999, ACTOR).catch((caught: Error) => caught);
    expect(missing).toBeInstanceOf(ImportFileError);
    expect((missing as Error).message).toBe("That import does not exist.");
    const { runId, source } = await createUploadedRun(
      await zipBytes([{ name: "never.md", data: "---\ntitle: Never Applied\n---\n\nBody." }]),
      "never.zip",
      ACTOR,
    );
    expect(await rollbackImport(runId, ACTOR)).toEqual({
      status: "refused",
      refused: "Nothing to roll back: this import was not applied.",
    });
    expect(await getRun(runId)).toMatchObject({ status: "uploaded" });
    // Applying: while another request holds it, busy; once released, it rolls back.
    await startRun(runId, await planImport(source), ACTOR);
    expect(await claimRun(runId, ["applying"])).toBe(true);
    expect(await rollbackImport(runId, ACTOR)).toEqual({ status: "busy" });
    await releaseRun(runId);
    expect(await rollbackImport(runId, ACTOR)).toMatchObject({ status: "rolled-back" });
    // A second roll back (two tabs, a replayed form) is refused with its reason, not "busy".
    expect(await rollbackImport(runId, ACTOR)).toEqual({
      status: "refused",
      refused: "Nothing to roll back: this import was already rolled back.",
    });
  });

  it("an import stopped between batches resumes where it stopped and never leaves half an article", async () => {
    const source = await readImportBuffer(await ghostBytes(45, "rs"));
    const plan = await planImport(source);
    const runId = await createRun(source, "resume.json", ACTOR);
    expect(await startRun(runId, plan, ACTOR)).toBe(true);
    const articlesBefore = await count(handle, "articles");
    // The first batch, then the process "dies": its lease still runs.
    expect((await applyRun(runId, source, ACTOR, { maxBatches: 1 })).status).toBe("stopped");
    await handle.db
      .update(importRuns)
      .set({ leaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(importRuns.id, runId));
    expect(await count(handle, "articles")).toBe(articlesBefore + 20);
    expect(await getRun(runId)).toMatchObject({ status: "applying", stopped: false, done: 20 });
    // Nobody else may apply or roll it back while the lease runs.
    expect((await applyRun(runId, source, ACTOR)).status).toBe("busy");
    expect((await rollbackRun(runId, ACTOR)).status).toBe("busy");
    // Every written article is whole: its import record, its revision, its old path.
    const whole = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from articles a
          join imported_articles i on i.article_id = a.id
          join import_redirects r on r.article_id = a.id
          where a.slug like 'rs-post-%' and exists (select 1 from article_revisions v where v.article_id = a.id)`,
    );
    expect(whole[0]!.n).toBe(20);
    // The lease runs out: the page offers to continue.
    await handle.db
      .update(importRuns)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(importRuns.id, runId));
    expect(await getRun(runId)).toMatchObject({ stopped: true });
    // One article fails in the middle of its transaction (its source id turns out to be taken):
    // nothing of it remains, and the rest goes on.
    const [victim] = await handle.db.select({ id: articles.id }).from(articles).limit(1);
    await handle.db.insert(importedArticles).values({ source: "ghost", sourceId: "rs-p30", articleId: victim!.id });
    const resumed = await applyRun(runId, source, ACTOR);
    expect(resumed.status).toBe("finished");
    expect(resumed.report?.created).toHaveLength(44);
    expect(resumed.report?.failed).toEqual([{ title: "Post 30 of rs: notes on latency", reason: expect.any(String) }]);
    expect(await handle.db.select().from(articles).where(eq(articles.slug, "rs-post-30-latency"))).toEqual([]);
    expect(await importedRedirect("/rs-post-30-latency")).toBeNull();
    expect(await count(handle, "articles")).toBe(articlesBefore + 44);
    // Importing the same file again creates nothing.
    const again = await applyImport(source, await planImport(source), ACTOR, "resume.json");
    expect(again.created).toEqual([]);
    expect(await count(handle, "articles")).toBe(articlesBefore + 44);
  });

  it("rolls back a stopped import: its articles, categories, authors and redirects go", async () => {
    const before = {
      articles: await count(handle, "articles"),
      categories: await count(handle, "categories"),
      authors: await count(handle, "authors"),
      redirects: await count(handle, "import_redirects"),
      pages: await count(handle, "pages"),
    };
    const source = await readImportBuffer(await ghostBytes(30, "rb"));
    const plan = await planImport(source);
    expect(plan.categoriesToCreate.length).toBeGreaterThan(0);
    const runId = await createRun(source, "rollback.json", ACTOR);
    await startRun(runId, plan, ACTOR);
    await applyRun(runId, source, ACTOR, { maxBatches: 1 });
    expect(await count(handle, "articles")).toBe(before.articles + 20);
    const outcome = await rollbackRun(runId, ACTOR);
    expect(outcome).toMatchObject({ status: "rolled-back", kept: [] });
    expect({
      articles: await count(handle, "articles"),
      categories: await count(handle, "categories"),
      authors: await count(handle, "authors"),
      redirects: await count(handle, "import_redirects"),
      pages: await count(handle, "pages"),
    }).toEqual(before);
    expect(await getRun(runId)).toMatchObject({ status: "rolled-back" });
    expect(await count(handle, `import_run_changes where run_id = ${runId}`)).toBe(0);
    // A second roll back is refused with its reason (it said "busy" before: a replayed form read
    // as if another request held the run).
    const again = await rollbackRun(runId, ACTOR).catch((caught: Error) => caught);
    expect(again).toBeInstanceOf(ImportFileError);
    expect((again as Error).message).toBe("Nothing to roll back: this import was already rolled back.");
    // Rolled back, it can be imported anew.
    expect((await planImport(source)).counts.unchanged).toBe(0);
  });

  it("overwrites what is here when asked, once, and a roll back restores it", async () => {
    const original = await zipBytes([
      {
        name: "a/victim.md",
        data: "---\ntitle: The Original\nslug: overwrite-victim\n---\n\nOriginal ![Dot](dot.png) body.",
      },
      { name: "a/dot.png", data: await numberedPng(21) },
    ]);
    await applyUploadedRun((await createUploadedRun(original, "original.zip", ACTOR)).runId, "rename", ACTOR);
    const [before] = await handle.db.select().from(articles).where(eq(articles.slug, "overwrite-victim"));
    const privacyBefore = await getPage("privacy");
    const media = await count(handle, "media_uploads");

    const replacement = await zipBytes([
      {
        name: "b/other.md",
        data: "---\ntitle: The Replacement\nslug: overwrite-victim\naliases: [/old/victim]\n---\n\nNew ![Square](sq.png) body.",
      },
      { name: "b/sq.png", data: await numberedPng(22) },
    ]);
    const ghostPage = Buffer.from(
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                {
                  id: "pv",
                  slug: "privacy",
                  title: "Imported Privacy",
                  html: "<p>Their policy.</p>",
                  type: "page",
                  status: "published",
                },
              ],
            },
          },
        ],
      }),
    );
    for (const [bytes, name] of [
      [replacement, "replacement.zip"],
      [ghostPage, "privacy.json"],
    ] as const) {
      const { runId, source } = await createUploadedRun(bytes, name, ACTOR);
      expect((await planImport(source, "rename")).items[0]).toMatchObject({
        action: "create",
        renamedFrom: expect.any(String),
      });
      expect((await planImport(source, "skip")).items[0]).toMatchObject({ action: "skip" });
      expect((await planImport(source, "overwrite")).items[0]).toMatchObject({ action: "overwrite" });
      expect((await applyUploadedRun(runId, "overwrite", ACTOR)).status).toBe("finished");
    }
    const [after] = await handle.db.select().from(articles).where(eq(articles.slug, "overwrite-victim"));
    expect(after!.id).toBe(before!.id);
    expect(after!.title).toBe("The Replacement");
    expect(after!.contentHtml).toContain("New");
    expect(await importedRedirect("/old/victim")).toBe("overwrite-victim");
    expect((await getPage("privacy"))?.title).toBe("Imported Privacy");
    expect(await count(handle, "media_uploads")).toBe(media + 1);

    // Again with overwrite: already imported, nothing changes.
    const again = await createUploadedRun(replacement, "replacement.zip", ACTOR);
    expect((await planImport(again.source, "overwrite")).counts).toMatchObject({ overwrite: 0, unchanged: 1 });
    await applyUploadedRun(again.runId, "overwrite", ACTOR);
    expect(
      (await handle.db.select().from(articles).where(eq(articles.slug, "overwrite-victim")))[0]!.revisedAt,
    ).toEqual(after!.revisedAt);

    // Rolling back both runs restores the article, its images' use and the page.
    const runs = await handle.db
      .select({ id: importRuns.id })
      .from(importRuns)
      .where(sql`${importRuns.fileName} in ('replacement.zip', 'privacy.json') and ${importRuns.status} = 'finished'`);
    for (const run of runs) expect((await rollbackRun(run.id, ACTOR)).status).toBe("rolled-back");
    const [restored] = await handle.db.select().from(articles).where(eq(articles.slug, "overwrite-victim"));
    for (const column of [
      "title",
      "content",
      "contentHtml",
      "imageUrl",
      "status",
      "publishedAt",
      "updatedAt",
    ] as const) {
      expect(restored![column], column).toEqual(before![column]);
    }
    expect(await importedRedirect("/old/victim")).toBeNull();
    expect(await count(handle, "media_uploads")).toBe(media);
    const privacy = await getPage("privacy");
    expect(privacy?.title).toBe(privacyBefore?.title);
    expect(privacy?.contentHtml).toBe(privacyBefore?.contentHtml);
    // Rolled back, the replacement would overwrite again.
    expect((await planImport(again.source, "overwrite")).counts).toMatchObject({ overwrite: 1, unchanged: 0 });
  });

  it("imports Ghost pages as site pages, once, and never over the app's own paths", async () => {
    const json = Buffer.from(
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                {
                  id: "s1",
                  slug: "speaking",
                  title: "Speaking",
                  html: "<p>Talks.</p>",
                  type: "page",
                  status: "published",
                },
              ],
              pages: [
                { id: "s2", slug: "search", title: "Search help", html: "<p>How to search.</p>", status: "published" },
                { id: "s3", slug: "uses", title: "Uses", html: "<p>Tools.</p>", page: true, status: "published" },
              ],
            },
          },
        ],
      }),
    );
    const { runId, source } = await createUploadedRun(json, "pages.json", ACTOR);
    expect(source.articles).toEqual([]);
    const plan = await planImport(source);
    expect(plan.items.map((item) => [item.target, item.action, item.slug])).toEqual([
      ["page", "create", "speaking"],
      ["page", "create", "search-2"],
      ["page", "create", "uses"],
    ]);
    await applyUploadedRun(runId, "rename", ACTOR);
    expect((await getPage("speaking"))?.contentHtml).toContain("Talks.");
    expect((await getPage("search-2"))?.title).toBe("Search help");
    const second = await createUploadedRun(json, "pages.json", ACTOR);
    expect((await planImport(second.source)).counts).toMatchObject({ create: 0, unchanged: 3 });
    expect(await count(handle, "pages where slug = 'search'")).toBe(0);
    expect((await handle.db.select().from(pages).where(eq(pages.slug, "uses"))).length).toBe(1);
  });
});
