/**
 * Tags and series travel through the export (front matter `tags`, `series`, `series_slug`,
 * `series_position`) and tags come back in from an export, a Ghost export and a dev.to export.
 * Both databases.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getArticleBySlug } from "~/articles/articles.server";
import { createArticle } from "~/articles/save-article.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { exportToFile } from "~/backup/export-command.server";
import { readZip } from "~/backup/import-archive.server";
import { planImport } from "~/backup/import-plan.server";
import { applyImport } from "~/backup/import.server";
import { readImportSource, splitFrontMatter } from "~/backup/import-sources.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { createSeries } from "~/taxonomy/series-admin.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const FIXTURES = path.resolve("tests/fixtures/imports");
const ACTOR = { id: null, fullName: "npm run import" } as const;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dp-taxonomy-export-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function importFile(file: string) {
  const source = await readImportSource(file);
  const plan = await planImport(source);
  return applyImport(source, plan, ACTOR, path.basename(file));
}

describe.each(testDatabaseKinds())("tags and series in exports and imports (%s)", (kind) => {
  let handle: DatabaseHandle;
  afterAll(async () => {
    await handle?.close();
  });
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });

  it("exports tags and the series in the front matter, and an import of the export brings the tags back", async () => {
    const admin = await createOrPromoteAdmin({ email: "t@example.com", password: "secret12", fullName: "Tia" });
    const series = await createSeries(
      { id: admin.userId },
      { name: "Go in Depth", slug: "go-in-depth", description: "" },
    );
    if (series.status !== "saved") throw new Error(JSON.stringify(series));
    const saved = await createArticle({
      userId: admin.userId,
      input: {
        title: "Goroutines",
        slug: "goroutines",
        content: "Body.\n",
        excerpt: null,
        imageUrl: null,
        categoryId: null,
        featured: false,
        tags: ["Go", "Concurrency"],
        seriesId: series.series.id,
      },
    });
    expect(saved.status).toBe("saved");
    const file = path.join(work, `${kind}.zip`);
    await exportToFile(file, "https://devperspective.test", { id: null, fullName: "npm run export" });
    const files = await readZip(file);
    const markdown = files.get("articles/goroutines.md");
    const { front } = splitFrontMatter(markdown!.toString("utf8"), "goroutines.md");
    expect(front).toMatchObject({
      tags: ["Go", "Concurrency"],
      series: "Go in Depth",
      series_slug: "go-in-depth",
      series_position: 1,
    });
    const source = await readImportSource(file);
    const exported = source.articles.find((article) => article.slug === "goroutines");
    expect(exported?.tags).toEqual(["Go", "Concurrency"]);

    // The same export into an empty site: the article comes back with its tags.
    const fresh = await openTestDatabase(kind);
    try {
      setDatabaseHandle(fresh);
      await importFile(file);
      expect((await getArticleBySlug("goroutines"))?.tags).toEqual([
        { name: "Go", slug: "go" },
        { name: "Concurrency", slug: "concurrency" },
      ]);
    } finally {
      setDatabaseHandle(handle);
      await fresh.close();
    }
  });

  it("reads Ghost's tags and dev.to's tag_list as tags", async () => {
    await importFile(path.join(FIXTURES, "devto-articles.json"));
    expect((await getArticleBySlug("five-git-commands-i-use-every-day"))?.tags.map((tag) => tag.slug)).toEqual([
      "git",
      "productivity",
    ]);
    await importFile(path.join(FIXTURES, "ghost-export.json"));
    const ghost = await getArticleBySlug("designing-idempotent-apis");
    expect(ghost?.tags.length).toBeGreaterThan(0);
  });
});
