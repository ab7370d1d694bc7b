import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupFileError, backupIfDue, writeBackup } from "~/backup/backup.server";
import { RestoreRefusedError, restoreBackup } from "~/backup/restore.server";
import { type DatabaseHandle, openDatabase, queryRows, setDatabaseHandle } from "~/db/db.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { readMediaFile, storeUpload } from "~/media/media.server";
import { seedDemoContent, seedSitePages } from "~/seed/seed.server";
import { photo } from "../media/images";
import {
  createPostgresDatabase,
  openTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from "../support/databases";

/** Every table's rows, as the database prints them, in primary key order. */
async function snapshot(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    handle.db,
    sql`select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by relname`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ j: string }>(
      handle.db,
      sql.raw(`select row_to_json(t)::text as j from "${name}" t`),
    );
    result[name] = rows.map((row) => row.j).sort();
  }
  return result;
}

async function sequences(handle: DatabaseHandle) {
  return queryRows<{ name: string; value: string | null }>(
    handle.db,
    sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
}

type Target = { target: { url: string } | { dataDir: string }; open(): Promise<DatabaseHandle>; drop(): Promise<void> };

async function emptyTarget(kind: TestDatabaseKind): Promise<Target> {
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-restore-"));
    return {
      target: { dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const created = await createPostgresDatabase();
  return {
    target: { url: created.url },
    open: () => openDatabase({ url: created.url, poolSize: 2 }),
    drop: created.drop,
  };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "dp-backup-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.each(testDatabaseKinds())("backup and restore from %s", (kind) => {
  let handle: DatabaseHandle;
  let file: string;
  let imageHash: string;
  let original: Record<string, string[]>;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    await seedSitePages();
    const admin = await createOrPromoteAdmin({
      email: "admin@example.com",
      password: "secret123",
      fullName: "Ada Admin",
    });
    const { upload } = await storeUpload({
      bytes: await photo(640, 480, "png"),
      name: "diagram.png",
      userId: admin.userId,
    });
    imageHash = upload.hash;
    file = path.join(work, `${kind}.zip`);
    const summary = await writeBackup(file);
    expect(summary.images).toBeGreaterThan(0);
    original = await snapshot(handle);
  }, 120_000);
  afterAll(async () => {
    await handle.close();
  });

  it("writes one zip with a manifest and no leftover partial file", () => {
    expect(fs.readdirSync(work).filter((name) => name.startsWith(`${kind}.zip`))).toEqual([`${kind}.zip`]);
  });

  for (const into of testDatabaseKinds()) {
    it(`restores into an empty ${into} database with every row and image`, async () => {
      const target = await emptyTarget(into);
      try {
        const summary = await restoreBackup(file, target.target);
        expect(summary.rows).toBeGreaterThan(0);
        const restored = await target.open();
        try {
          const copy = await snapshot(restored);
          expect(Object.keys(copy)).toEqual(Object.keys(original));
          for (const table of Object.keys(original)) {
            expect(copy[table]!.length, table).toBe(original[table]!.length);
            expect(copy[table], table).toEqual(original[table]);
          }
          expect(await sequences(restored)).toEqual(await sequences(handle));
          // The image is served from the restored database, byte for byte.
          setDatabaseHandle(restored);
          const restoredImage = await readMediaFile(`${imageHash}.png`);
          setDatabaseHandle(handle);
          const originalImage = await readMediaFile(`${imageHash}.png`);
          expect(restoredImage?.bytes.equals(originalImage!.bytes)).toBe(true);
          // New rows continue after the restored ones.
          await restored.db.execute(sql`insert into categories (name, slug) values ('After restore', 'after-restore')`);
        } finally {
          setDatabaseHandle(handle);
          await restored.close();
        }
        // A second restore into the now non-empty site is refused unless forced.
        await expect(restoreBackup(file, target.target)).rejects.toThrow(RestoreRefusedError);
        await restoreBackup(file, target.target, { force: true });
        const again = await target.open();
        try {
          expect(await snapshot(again)).toEqual(original);
        } finally {
          await again.close();
        }
      } finally {
        await target.drop();
      }
    }, 180_000);
  }

  it("refuses a truncated, altered or foreign file and changes nothing", async () => {
    const bytes = fs.readFileSync(file);
    const truncated = path.join(work, `${kind}-truncated.zip`);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const foreign = path.join(work, `${kind}-foreign.zip`);
    await new Promise<void>((resolve) => {
      const zip = new yazl.ZipFile();
      zip.addBuffer(Buffer.from("hello"), "notes.txt");
      zip.end();
      zip.outputStream.pipe(fs.createWriteStream(foreign)).on("close", () => resolve());
    });
    const text = path.join(work, `${kind}.txt`);
    fs.writeFileSync(text, "not a zip at all");
    const target = await emptyTarget("pglite");
    try {
      for (const [bad, message] of [
        [truncated, /not a complete DevPerspective backup/],
        [foreign, /no manifest\.json/],
        [text, /not a complete DevPerspective backup/],
        [path.join(work, "missing.zip"), /no such file/],
      ] as const) {
        const refusal = await restoreBackup(bad, target.target).catch((error: Error) => error);
        expect(refusal).toBeInstanceOf(BackupFileError);
        expect((refusal as Error).message).toMatch(message);
      }
      // Nothing was created in the target folder.
      expect(fs.readdirSync((target.target as { dataDir: string }).dataDir)).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  it("keeps the newest BACKUP_KEEP daily backups", async () => {
    const folder = path.join(work, `${kind}-daily`);
    const day = 24 * 60 * 60 * 1000;
    const start = Date.parse("2026-01-01T03:00:00Z");
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      const file = await backupIfDue(folder, 2, new Date(start + i * day));
      expect(file).not.toBeNull();
      fs.utimesSync(file!, new Date(start + i * day), new Date(start + i * day));
      made.push(path.basename(file!));
      // Not due again the same day.
      expect(await backupIfDue(folder, 2, new Date(start + i * day + 60 * 60 * 1000))).toBeNull();
    }
    expect(fs.readdirSync(folder).sort()).toEqual(made.slice(-2).sort());
  }, 120_000);
});

describe("a backup from an older version", () => {
  it("restores at its own migration, then applies the newer ones", async () => {
    // A site whose schema stops one migration short of this version's.
    const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as {
      entries: { tag: string }[];
    };
    const older = fs.mkdtempSync(path.join(work, "older-migrations-"));
    fs.mkdirSync(path.join(older, "meta"));
    const kept = journal.entries.slice(0, -1);
    for (const entry of kept) fs.copyFileSync(`drizzle/${entry.tag}.sql`, path.join(older, `${entry.tag}.sql`));
    fs.writeFileSync(path.join(older, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
    const source = await openDatabase({ dataDir: "memory://", migrationsFolder: older });
    await source.migrate();
    setDatabaseHandle(source);
    const target = await emptyTarget("pglite");
    try {
      await seedDemoContent();
      const file = path.join(work, "older.zip");
      await writeBackup(file);
      const summary = await restoreBackup(file, target.target);
      expect(summary.migration).toBe(kept.at(-1)!.tag);
      const restored = await target.open();
      try {
        const [count] = await queryRows<{ n: number }>(
          restored.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(count!.n).toBe(journal.entries.length);
        const copy = await snapshot(restored);
        const original = await snapshot(source);
        for (const table of Object.keys(original)) expect(copy[table], table).toEqual(original[table]);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await target.drop();
    }
  }, 180_000);
});
