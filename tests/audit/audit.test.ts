import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAuditKind, listAudit, listAuditActors, recordAudit } from "~/audit/audit.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { users } from "~/db/schema";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("audit log on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("lists newest first, by person and kind, in keyset pages", async () => {
    const [ada, bob] = await handle.db
      .insert(users)
      .values([
        { email: "ada@example.com", fullName: "Ada" },
        { email: "bob@example.com", fullName: "Bob" },
      ])
      .returning({ id: users.id, fullName: users.fullName });
    for (let i = 1; i <= 5; i++) {
      await recordAudit(i % 2 ? ada! : bob!, {
        kind: i % 2 ? "person" : "settings",
        action: "updated",
        summary: `Entry ${i}`,
      });
    }
    const first = await listAudit({ limit: 2 });
    expect(first.rows.map((row) => row.summary)).toEqual(["Entry 5", "Entry 4"]);
    const second = await listAudit({ limit: 2, before: first.nextBefore! });
    expect(second.rows.map((row) => row.summary)).toEqual(["Entry 3", "Entry 2"]);
    const last = await listAudit({ limit: 2, before: second.nextBefore! });
    expect(last).toEqual({ rows: [expect.objectContaining({ summary: "Entry 1" })], nextBefore: null });
    expect((await listAudit({ actorUserId: bob!.id })).rows.map((row) => row.summary)).toEqual(["Entry 4", "Entry 2"]);
    expect((await listAudit({ kind: "person", actorUserId: ada!.id })).rows).toHaveLength(3);
    expect(await listAuditActors()).toEqual([
      { id: ada!.id, name: "Ada" },
      { id: bob!.id, name: "Bob" },
    ]);
    expect(isAuditKind("person")).toBe(true);
    expect(isAuditKind("nope")).toBe(false);
  });
});
