/**
 * Site settings, stored in site_settings (one row per key) and applied at once on every instance.
 *
 * Pages read them synchronously (`siteSettings()`, like env()): each process keeps the last values
 * it read and reloads them when any instance saves (LISTEN/NOTIFY on PostgreSQL; on the embedded
 * database there is one process). Saving also drops the page cache, since every page shows the
 * site's name. Unset keys fall back to the environment (SITE_NAME, TIME_ZONE) and the defaults.
 */
import { recordAudit } from "~/audit/audit.server";
import { getDatabaseHandle, getDb, type Runner } from "~/db/db.server";
import { siteSettings as siteSettingsTable } from "~/db/schema";
import { env } from "~/env.server";
import { contentChanged, EVERYTHING } from "~/cache/content-events.server";
import { TAGLINE } from "~/lib/meta";
import { SOCIAL_NETWORKS, type SiteSettings } from "~/lib/site-settings";

export type { SiteSettings };

const SETTINGS_CHANNEL = "devperspective_settings_changed";

function defaults(): SiteSettings {
  const config = env();
  return {
    siteName: config.SITE_NAME,
    siteDescription: `${TAGLINE}. Articles, tutorials and opinions for developers who care about their craft.`,
    social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, null])) as SiteSettings["social"],
    commentModeration: "first",
    timeZone: config.TIME_ZONE,
    digestDay: 1,
    digestTime: "09:00",
  };
}

let current: SiteSettings | null = null;
let loading: Promise<SiteSettings> | null = null;
let subscribed = false;

function merge(stored: Partial<Record<keyof SiteSettings, unknown>>): SiteSettings {
  const base = defaults();
  return {
    siteName: typeof stored.siteName === "string" ? stored.siteName : base.siteName,
    siteDescription: typeof stored.siteDescription === "string" ? stored.siteDescription : base.siteDescription,
    social: { ...base.social, ...((stored.social as SiteSettings["social"] | undefined) ?? {}) },
    commentModeration:
      stored.commentModeration === "none" || stored.commentModeration === "first" || stored.commentModeration === "all"
        ? stored.commentModeration
        : base.commentModeration,
    timeZone: typeof stored.timeZone === "string" ? stored.timeZone : base.timeZone,
    digestDay:
      typeof stored.digestDay === "number" &&
      Number.isInteger(stored.digestDay) &&
      stored.digestDay >= 0 &&
      stored.digestDay <= 6
        ? stored.digestDay
        : base.digestDay,
    digestTime:
      typeof stored.digestTime === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(stored.digestTime)
        ? stored.digestTime
        : base.digestTime,
  };
}

async function readFromDatabase(): Promise<SiteSettings> {
  const db = await getDb();
  const rows = await db.select({ key: siteSettingsTable.key, value: siteSettingsTable.value }).from(siteSettingsTable);
  return merge(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** (Re)reads the settings; the first call also subscribes to other instances' saves. */
export async function loadSiteSettings(): Promise<SiteSettings> {
  if (!subscribed) {
    subscribed = true;
    const handle = await getDatabaseHandle();
    await handle.listen(SETTINGS_CHANNEL, () => {
      loading = null;
      void loadSiteSettings().catch(() => {});
    });
  }
  loading ??= readFromDatabase().then((settings) => {
    current = settings;
    return settings;
  });
  try {
    return await loading;
  } finally {
    loading = null;
  }
}

/** The settings as this process last read them (the defaults before the first read). */
export function siteSettings(): SiteSettings {
  return current ?? defaults();
}

/** For loaders: the settings, read once per process (then kept fresh by notifications). */
export async function getSiteSettings(): Promise<SiteSettings> {
  return current ?? loadSiteSettings();
}

/**
 * Saves `next` (all keys) inside `runner`'s transaction when given, then tells every instance.
 * Call `announceSiteSettingsChanged()` after the transaction commits when you pass a runner.
 */
export async function writeSiteSettings(next: SiteSettings, userId: number, runner?: Runner) {
  const db = runner ?? (await getDb());
  for (const [key, value] of Object.entries(next)) {
    await db
      .insert(siteSettingsTable)
      .values({ key, value, updatedBy: userId })
      .onConflictDoUpdate({ target: siteSettingsTable.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
  }
  if (!runner) await announceSiteSettingsChanged();
}

/** Reloads here, tells the other instances, and drops every cached page (they show the name). */
export async function announceSiteSettingsChanged() {
  loading = null;
  await loadSiteSettings();
  const handle = await getDatabaseHandle();
  await handle.notify(SETTINGS_CHANNEL, "changed");
  await contentChanged("site settings", EVERYTHING);
}

/** Tests: forget what this process read. */
export function resetSiteSettingsForTests() {
  current = null;
  loading = null;
  // A test's next database is a new handle: subscribe on it again.
  subscribed = false;
}

/**
 * The admin page's save: writes every key, records which changed in the audit log (one
 * transaction), then applies them on every instance. Returns the keys that changed.
 */
export async function saveSiteSettings(next: SiteSettings, actor: { id: number; fullName: string }) {
  const before = await loadSiteSettings();
  const changed = (Object.keys(next) as (keyof SiteSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]),
  );
  if (changed.length === 0) return changed;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await writeSiteSettings(next, actor.id, tx);
    await recordAudit(
      actor,
      {
        kind: "settings",
        action: "updated",
        summary: `Changed site settings: ${changed.join(", ")}`,
        details: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: next[key] }])),
      },
      tx,
    );
  });
  await announceSiteSettingsChanged();
  return changed;
}
