import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { authors, siteSettings, users } from "~/db/schema";
import { completeSetup, prepareSetupLink, SETUP_TOKEN_KEY, setupLinkMessage, setupState } from "~/setup/setup.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const SITE = "https://devperspective.test";

describe.each(testDatabaseKinds())("first-run setup on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  const tokenOf = (outcome: Awaited<ReturnType<typeof prepareSetupLink>>) =>
    outcome.status === "printed" ? outcome.link.split("/setup/")[1]! : "";

  it("prints a one-time link while no administrator exists; only its hash is stored", async () => {
    const first = await prepareSetupLink(SITE);
    expect(first.status).toBe("printed");
    const token = tokenOf(first);
    const again = await prepareSetupLink(SITE);
    if (kind === "postgres") {
      // Instances starting together: one prints, the others say so; the first link stays valid.
      expect(again).toEqual({ status: "printed-elsewhere" });
    } else {
      // The embedded database has one process: a restart prints a fresh link, the old one stops working.
      expect(again.status).toBe("printed");
      expect(await setupState(token)).toEqual({ status: "wrong-token" });
    }
    const current = kind === "postgres" ? token : tokenOf(again);
    const [row] = await handle.db.select().from(siteSettings).where(eq(siteSettings.key, SETUP_TOKEN_KEY));
    expect(JSON.stringify(row?.value)).not.toContain(current);
    expect(await setupState(current)).toEqual({ status: "open" });
    expect(await setupState("A".repeat(43))).toEqual({ status: "wrong-token" });
    expect(await completeSetup("A".repeat(43), { name: "X", email: "x@example.com", password: "secret12" })).toEqual({
      status: "wrong-token",
    });

    const done = await completeSetup(current, {
      name: "First Admin",
      email: "first@example.com",
      password: "secret12",
    });
    expect(done.status).toBe("created");
    const [admin] = await handle.db.select().from(users).where(eq(users.email, "first@example.com"));
    expect(admin?.role).toBe("administrator");
    expect(await handle.db.select().from(authors).where(eq(authors.userId, admin!.id))).toHaveLength(1);
    // Afterwards the link is gone, whatever the token, and no new one is printed.
    expect(await setupState(current)).toEqual({ status: "done" });
    expect(await completeSetup(current, { name: "Y", email: "y@example.com", password: "secret12" })).toEqual({
      status: "done",
    });
    expect(await prepareSetupLink(SITE)).toEqual({ status: "not-needed" });
    expect(await handle.db.select().from(siteSettings).where(eq(siteSettings.key, SETUP_TOKEN_KEY))).toHaveLength(0);
  });
});

describe("the setup link's message", () => {
  it("prints the first-run setup link alone on its own line for a person at a terminal", () => {
    const link = "http://localhost:3000/setup/abc123";
    const readable = setupLinkMessage({ status: "printed", link }, true)!;
    expect(readable.split("\n")).toContain(link);
    const oneLine = setupLinkMessage({ status: "printed", link }, false)!;
    expect(oneLine).not.toContain("\n");
    expect(oneLine).toContain(link);
  });
});
