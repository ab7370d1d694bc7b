import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/audit/audit.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { siteSettings as siteSettingsTable, users } from "~/db/schema";
import { SiteSettingsSchema } from "~/lib/site-settings";
import {
  getSiteSettings,
  loadSiteSettings,
  resetSiteSettingsForTests,
  saveSiteSettings,
  siteSettings,
} from "~/settings/settings.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("site settings on %s", (kind) => {
  let handle: DatabaseHandle;
  let actor: { id: number; fullName: string };
  beforeAll(async () => {
    resetSiteSettingsForTests();
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    const [row] = await handle.db
      .insert(users)
      .values({ email: "set@example.com", fullName: "Set Ter", role: "administrator" })
      .returning({ id: users.id, fullName: users.fullName });
    actor = row!;
  });
  afterAll(async () => {
    await handle.close();
    resetSiteSettingsForTests();
  });

  it("saves, applies at once and records the changed keys; unknown keys are ignored", async () => {
    await handle.db.insert(siteSettingsTable).values({ key: "setupTokenHash", value: { hash: "x" } });
    const before = await getSiteSettings();
    const next = SiteSettingsSchema.parse({
      ...before,
      siteName: "Perspective Weekly",
      social: { ...before.social, twitter: "https://twitter.com/perspective" },
    });
    expect(await saveSiteSettings(next, actor)).toEqual(["siteName", "social"]);
    expect(siteSettings().siteName).toBe("Perspective Weekly");
    expect(siteSettings().social.twitter).toBe("https://twitter.com/perspective");
    const [entry] = (await listAudit({ kind: "settings" })).rows;
    expect(entry?.summary).toBe("Changed site settings: siteName, social");
    expect(await saveSiteSettings(next, actor)).toEqual([]);
    expect((await listAudit({ kind: "settings" })).rows).toHaveLength(1);
    expect(Object.keys(await loadSiteSettings())).not.toContain("setupTokenHash");
  });

  it("rejects bad values with field messages", () => {
    const result = SiteSettingsSchema.safeParse({
      siteName: " ",
      siteDescription: "ok",
      social: { twitter: "http://insecure.example" },
      commentModeration: "sometimes",
      timeZone: "Mars/Olympus",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({
      siteName: "Enter the site's name.",
      "social.twitter": "Enter an address starting with https://",
      commentModeration: "Choose a moderation policy.",
      timeZone: 'Enter an IANA time zone such as "Europe/Paris".',
    });
  });

  it.runIf(kind === "postgres")("reloads when another instance saves (NOTIFY)", async () => {
    await getSiteSettings();
    // Another instance writes and notifies; this process only hears the notification.
    await handle.db
      .insert(siteSettingsTable)
      .values({ key: "siteName", value: "From Elsewhere" })
      .onConflictDoUpdate({ target: siteSettingsTable.key, set: { value: sql`'"From Elsewhere"'::jsonb` } });
    await handle.notify("devperspective_settings_changed", "changed");
    await expect.poll(() => siteSettings().siteName, { timeout: 5000 }).toBe("From Elsewhere");
  });
});
