import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { verifyPassword } from "~/auth/password.server";
import { acquireDataDirLock, setDataDirCommandHandler } from "~/db/data-dir-lock.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { authors, users } from "~/db/schema";
import { handleDataDirCommand } from "~/setup/admin-command.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("createOrPromoteAdmin on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("creates a verified admin with a linked author profile", async () => {
    const result = await createOrPromoteAdmin({
      email: "Ada@Example.com",
      password: "secret12",
      fullName: "Ada Lovelace",
    });
    expect(result.created).toBe(true);
    const [user] = await handle.db.select().from(users).where(eq(users.id, result.userId));
    expect(user?.role).toBe("administrator");
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(user!.passwordHash!, "secret12")).toBe(true);
    const [author] = await handle.db.select().from(authors).where(eq(authors.userId, result.userId));
    expect(author?.name).toBe("Ada Lovelace");
  });

  it("promotes an existing user, matching the email case-insensitively, without a second profile", async () => {
    const [plain] = await handle.db
      .insert(users)
      .values({ email: "grace@example.com", fullName: "Grace Hopper" })
      .returning({ id: users.id });
    const first = await createOrPromoteAdmin({
      email: "GRACE@example.com",
      password: "another1",
      fullName: "Grace H.",
    });
    expect(first).toMatchObject({ created: false, userId: plain!.id });
    const again = await createOrPromoteAdmin({
      email: "grace@example.com",
      password: "another1",
      fullName: "Grace H.",
    });
    expect(again.authorId).toBe(first.authorId);
    const rows = await queryRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from authors where user_id = ${plain!.id}`,
    );
    expect(rows[0]?.count).toBe(1);
  });

  it("the database refuses a second account with the same email in another case", async () => {
    await expect(handle.db.insert(users).values({ email: "ADA@example.COM", fullName: "Impostor" })).rejects.toThrow();
  });
});

describe("npm run admin", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-admin-cli-"));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [
      ["create", "--email", "not-an-email", "--password", "secret12", "--name", "A"],
      "Please enter a valid email address.",
    ],
    [
      ["create", "--email", "a@b.co", "--password", "123", "--name", "A"],
      "Password must be at least 6 characters long.",
    ],
    [["create", "--email", "a@b.co", "--password", "secret12", "--name", "  "], "Full name is required."],
    [["create", "--email", "a@b.co", "--password", "secret12"], "missing --name"],
    [["create", "--email", "a@b.co", "--password", "secret12", "--name", "A", "--bogus"], "Unknown option"],
    [["destroy"], 'unknown command "destroy"'],
    [["integration", "create"], "Name is required"],
    [["integration", "create", "--name", "X", "--role", "reader"], "usage: npm run admin"],
    [["integration", "frob"], 'unknown integration command "frob"'],
  ])("refuses bad input %j with one line", (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it("integration create prints the contract's one JSON line; list shows no secret; delete revokes", () => {
    const made = run("integration", "create", "--name", "CI publisher", "--role", "author");
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    const lines = made.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(Object.keys(line)).toEqual(["name", "role", "contentKey", "adminKey", "apiUrl"]);
    expect(line).toMatchObject({ name: "CI publisher", role: "author" });
    expect(line.contentKey).toMatch(/^[0-9a-f]{26}$/);
    expect(line.adminKey).toMatch(/^[0-9a-f]{24}:[0-9a-f]{64}$/);
    const listed = run("integration", "list");
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout.trim())).toMatchObject({ name: "CI publisher", contentKey: line.contentKey });
    expect(listed.stdout).not.toContain(line.adminKey.split(":")[1]);
    const deleted = run("integration", "delete", "--name", "CI publisher");
    expect(deleted.stdout.trim()).toBe("deleted integration CI publisher");
    const again = run("integration", "delete", "--name", "CI publisher");
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('admin: No integration is named "CI publisher".');
  }, 60_000);

  it("creates an admin on the embedded database", () => {
    const result = run("create", "--email", "admin@example.com", "--password", "secret12", "--name", "Site Admin");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("created admin@example.com");
  }, 60_000);

  // The CLI runs while this process answers on the lock socket: spawn without blocking the event loop.
  const runAsync = (...args: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" },
        (error, stdout, stderr) => resolve({ status: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
      );
    });

  it("refuses with a clear message while a process that takes no commands holds the data folder", async () => {
    // This test process holds the folder's lock, as another script would; the folder is never opened twice.
    const release = await acquireDataDirLock(dataDir);
    try {
      const result = await runAsync("create", "--email", "x@example.com", "--password", "secret12", "--name", "X");
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toContain("stop the server first");
    } finally {
      release();
    }
  });

  it("sends the command to a running server that holds the data folder, which runs it", async () => {
    // A server-like holder: the lock plus the server's command handler, on its own database.
    const handle = await openTestDatabase("pglite");
    setDatabaseHandle(handle);
    const release = await acquireDataDirLock(dataDir);
    setDataDirCommandHandler(handleDataDirCommand);
    try {
      const result = await runAsync(
        "create",
        "--email",
        "held@example.com",
        "--password",
        "secret12",
        "--name",
        "Held",
      );
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("created held@example.com");
      const [user] = await handle.db.select().from(users).where(eq(users.email, "held@example.com"));
      expect(user?.role).toBe("administrator");
      // Bad input is refused by the server with the same one line.
      const bad = await runAsync("create", "--email", "held@example.com", "--password", "secret12", "--name", " ");
      expect(bad.status).toBe(1);
      expect(bad.stderr.trim()).toBe("admin: Full name is required.");
    } finally {
      setDataDirCommandHandler(null);
      release();
      await handle.close();
    }
  }, 60_000);
});
