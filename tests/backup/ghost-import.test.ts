/**
 * Issue 25's "done when" for Ghost: a generated export of 200 posts with tags, two authors and
 * images (inside the zip and remote) is imported into a fresh site; every article reads as at
 * the source, old paths redirect, pages become site pages, and a second import changes nothing.
 * On both databases. Remote images come from a local server admitted by IMPORT_FETCH_ALLOW_HOSTS.
 */
process.env.IMPORT_FETCH_ALLOW_HOSTS = "localhost";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planImport } from "~/backup/import-plan.server";
import { readImportSource } from "~/backup/import-sources.server";
import { applyImport, importedRedirect } from "~/backup/import.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { articles, authors } from "~/db/schema";
import { getPage } from "~/pages/pages.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { ghostFixture, readableText, writeGhostZip } from "./ghost-fixture";
import { type ImageServer, startImageServer } from "./image-server";

const ACTOR = { id: null, fullName: "npm run import" } as const;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dp-ghost-200-"));
let server: ImageServer;
beforeAll(async () => {
  server = await startImageServer();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Everything an import could change, in one comparable value. */
async function fingerprint(handle: DatabaseHandle) {
  const [row] = await queryRows<Record<string, string>>(
    handle.db,
    sql`select
      (select count(*) from articles)::text as articles,
      (select md5(coalesce(string_agg(slug || content_html || updated_at::text || revised_at::text, '|' order by id), '')) from articles) as article_hash,
      (select count(*) from article_revisions)::text as revisions,
      (select count(*) from media_uploads)::text as media,
      (select count(*) from import_redirects)::text as redirects,
      (select count(*) from categories)::text as categories,
      (select count(*) from authors)::text as authors,
      (select md5(coalesce(string_agg(slug || content_html || updated_at::text, '|' order by slug), '')) from pages) as pages`,
  );
  return row;
}

describe.each(testDatabaseKinds())("a Ghost export of 200 posts on %s", (kind) => {
  it("imports into a fresh site: articles read the same, old paths redirect, a second import changes nothing", async () => {
    const handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    try {
      const fixture = await ghostFixture({ posts: 200, remoteOrigin: server.origin, prefix: "gh" });
      const file = await writeGhostZip(path.join(work, `${kind}.zip`), fixture);
      const source = await readImportSource(file);
      expect(source.kind).toBe("ghost");
      expect(source.articles).toHaveLength(200);
      expect(source.problems).toEqual([
        'The draft page "Unfinished page" is not imported (site pages are always public).',
      ]);
      const plan = await planImport(source);
      expect(plan.counts).toMatchObject({ create: 202, unchanged: 0, conflicts: 0 });
      expect(plan.authorsToCreate.sort()).toEqual(["Ada GH Writer", "Grace GH Editor"]);
      expect(plan.categoriesToCreate).toHaveLength(6);

      const report = await applyImport(source, plan, ACTOR, "ghost.zip");
      expect(report.failed).toEqual([]);
      expect(report.created).toHaveLength(200);
      expect(report.pages.map((page) => page.slug).sort()).toEqual(["gh-colophon", "gh-team"]);
      // Five images inside the zip, and the remote ones; the missing one stays a link.
      expect(report.images).toBe(5 + fixture.remoteImages.length);
      expect(report.remoteImages).toEqual([{ url: `${server.origin}/missing.png`, reason: "the server answered 404" }]);
      expect(report.missingImages).toEqual([]);

      const rows = await handle.db.select().from(articles);
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      for (const post of fixture.posts) {
        const row = bySlug.get(post.slug);
        expect(row, post.slug).toBeDefined();
        expect(row!.title).toBe(post.title);
        expect(row!.status).toBe(post.status);
        expect(readableText(row!.contentHtml), post.slug).toBe(readableText(post.html));
        // Old paths answer with the article (published ones).
        expect(await importedRedirect(`/${post.slug}/`)).toBe(post.status === "published" ? post.slug : null);
      }
      const withLocal = bySlug.get(fixture.posts[9]!.slug)!;
      expect(withLocal.contentHtml).toMatch(
        /<img[^>]+src="\/media\/[0-9a-f]{64}\.png"[^>]*alt="Figure 10"|alt="Figure 10"[^>]+src="\/media\//,
      );
      expect(bySlug.get(fixture.posts[14]!.slug)!.imageUrl).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
      expect(bySlug.get(fixture.posts[0]!.slug)!.content).toMatch(/!\[Remote 1\]\(\/media\/[0-9a-f]{64}\.png\)/);
      expect(bySlug.get(fixture.posts[6]!.slug)!.content).toContain(`${server.origin}/missing.png`);
      // Two authors, half the posts each; the internal tag (#) is no category.
      const byAuthor = await queryRows<{ name: string; n: number }>(
        handle.db,
        sql`select au.name, count(*)::int as n from articles a join authors au on au.id = a.author_id group by au.name order by au.name`,
      );
      expect(byAuthor).toEqual([
        { name: "Ada GH Writer", n: 100 },
        { name: "Grace GH Editor", n: 100 },
      ]);
      expect(await handle.db.select().from(authors).where(eq(authors.name, "#internal"))).toEqual([]);
      // Pages are site pages.
      expect((await getPage("gh-colophon"))?.contentHtml).toContain("<strong>made</strong>");
      expect((await getPage("gh-team"))?.title).toBe("The team");
      expect(await getPage("gh-draft-page")).toBeNull();

      // The same file again changes nothing (and fetches nothing).
      const before = await fingerprint(handle);
      const hits = [...server.hits.values()].reduce((a, b) => a + b, 0);
      const again = await planImport(await readImportSource(file));
      expect(again.counts).toMatchObject({ create: 0, overwrite: 0, unchanged: 202 });
      const second = await applyImport(await readImportSource(file), again, ACTOR, "ghost.zip");
      expect(second.created).toEqual([]);
      expect(second.unchanged).toBe(202);
      expect(await fingerprint(handle)).toEqual(before);
      expect([...server.hits.values()].reduce((a, b) => a + b, 0)).toBe(hits);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
