import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import yauzl from "yauzl";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { exportToFile, startExport } from "~/backup/export-command.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { readMediaFile, storeUpload } from "~/media/media.server";
import { seedDemoContent, seedSitePages } from "~/seed/seed.server";
import { photo } from "../media/images";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const SITE = "https://devperspective.test";

/** Every file of a zip, by name. */
async function unzip(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened!))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  return files;
}

function frontMatter(markdown: string) {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(markdown);
  if (!match) throw new Error(`no front matter in ${markdown.slice(0, 80)}`);
  return { front: parse(match[1]!) as Record<string, unknown>, body: match[2]! };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "dp-export-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.each(testDatabaseKinds())("export on %s", (kind) => {
  let handle: DatabaseHandle;
  let adminId: number;
  let imageHash: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    await seedSitePages();
    adminId = (await createOrPromoteAdmin({ email: "admin@example.com", password: "secret123", fullName: "Ada Admin" }))
      .userId;
    imageHash = (await storeUpload({ bytes: await photo(400, 300, "png"), name: "chart.png", userId: adminId })).upload
      .hash;
    const [article] = await queryRows<{ id: number }>(handle.db, sql`select id from articles order by id limit 1`);
    await handle.db.execute(
      sql`insert into comments (article_id, user_id, body, body_html) values (${article!.id}, ${adminId}, 'Nice one', '<p>Nice one</p>')`,
    );
  }, 120_000);
  afterAll(async () => {
    await handle.close();
  });

  it("writes every article as Markdown with front matter, images, pages and JSON, and never a secret", async () => {
    const file = path.join(work, `${kind}.zip`);
    const result = await exportToFile(file, SITE, { id: null, fullName: "npm run export" });
    const files = await unzip(file);
    const [counts] = await queryRows<{ articles: number; pages: number; comments: number }>(
      handle.db,
      sql`select (select count(*)::int from articles) as articles, (select count(*)::int from pages) as pages,
                 (select count(*)::int from comments) as comments`,
    );
    expect(result.counts).toMatchObject({ ...counts, images: 1 });
    const articleFiles = [...files.keys()].filter((name) => name.startsWith("articles/"));
    expect(articleFiles).toHaveLength(counts!.articles);
    const [row] = await queryRows<{ slug: string; title: string; content: string; status: string }>(
      handle.db,
      sql`select slug, title, content, status from articles where status = 'published' order by id limit 1`,
    );
    const { front, body } = frontMatter(files.get(`articles/${row!.slug}.md`)!.toString("utf8"));
    expect(front).toMatchObject({
      title: row!.title,
      slug: row!.slug,
      status: "published",
      canonical_url: `${SITE}/post/${row!.slug}`,
    });
    expect(typeof front.date).toBe("string");
    expect(typeof front.author).toBe("string");
    expect(body.trimEnd()).toBe(row!.content.trimEnd());
    expect([...files.keys()].filter((name) => name.startsWith("pages/"))).toHaveLength(counts!.pages);
    const original = await readMediaFile(`${imageHash}.png`);
    expect(files.get(`media/${imageHash}.png`)?.equals(original!.bytes)).toBe(true);
    expect(JSON.parse(files.get("media.json")!.toString())).toEqual([
      expect.objectContaining({ file: `media/${imageHash}.png`, original_name: "chart.png" }),
    ]);
    const comments = JSON.parse(files.get("comments.json")!.toString()) as { body: string; author: string }[];
    expect(comments).toHaveLength(counts!.comments);
    expect(comments).toContainEqual(expect.objectContaining({ body: "Nice one", author: "Ada Admin" }));
    for (const name of ["authors.json", "categories.json", "questions.json", "manifest.json"]) {
      expect(() => JSON.parse(files.get(name)!.toString()), name).not.toThrow();
    }
    // No password hash, session, token or e-mail address anywhere.
    const everything = [...files.values()].map((bytes) => bytes.toString("latin1")).join("\n");
    expect(everything).not.toMatch(/\$argon2/);
    expect(everything).not.toContain("admin@example.com");
    expect(everything).not.toMatch(/password_hash|passwordHash|token_hash|tokenHash/);
    // Recorded in the audit log.
    const [audit] = await queryRows<{ summary: string; actor_name: string }>(
      handle.db,
      sql`select summary, actor_name from audit_log where kind = 'site' and action = 'exported' order by id desc limit 1`,
    );
    expect(audit?.actor_name).toBe("npm run export");
  });

  it("streams the same export for the admin panel and records who downloaded it", async () => {
    const stream = await startExport({ id: adminId }, SITE);
    const file = path.join(work, `${kind}-panel.zip`);
    await new Promise<void>((resolve, reject) =>
      stream
        .pipe(fs.createWriteStream(file))
        .on("close", () => resolve())
        .on("error", reject),
    );
    const files = await unzip(file);
    expect(files.has("manifest.json")).toBe(true);
    // The audit entry is written once the archive is complete.
    await expect
      .poll(async () => {
        const [row] = await queryRows<{ actor_user_id: number | null }>(
          handle.db,
          sql`select actor_user_id from audit_log where action = 'exported' order by id desc limit 1`,
        );
        return row?.actor_user_id;
      })
      .toBe(adminId);
  });
});
