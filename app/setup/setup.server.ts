/**
 * First run in the browser. While no administrator exists, the server prints at start a one-time
 * link, SITE_URL/setup/{token}; only the token's SHA-256 is stored (site_settings, key
 * "setupTokenHash", which the settings code ignores). The page creates the first administrator
 * (createOrPromoteAdmin) and signs them in; the token is then deleted, and once an administrator
 * exists the page answers 410 whatever the token.
 *
 * Several instances on one PostgreSQL database start together: one statement decides who prints.
 * A stored token younger than a minute is kept (another instance printed it: this one says so);
 * an older one is replaced, so a restarted server always prints a link that works. The embedded
 * database has one process per data folder, so it always prints a fresh link.
 */
import { and, eq, sql } from "drizzle-orm";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { createSecretToken, hashSecretToken, secretTokenMatches } from "~/auth/secret-tokens.server";
import { getDatabaseHandle, getDb } from "~/db/db.server";
import { siteSettings } from "~/db/schema";
import { hasAdministrator } from "~/people/people.server";

export const SETUP_TOKEN_KEY = "setupTokenHash";
/** Instances starting within this window share one link. */
const SHARED_WINDOW_SECONDS = 60;

export type SetupLinkOutcome =
  | { status: "not-needed" }
  | { status: "printed"; link: string }
  | { status: "printed-elsewhere" };

/** At start: the setup link to print while no administrator exists (see the module's comment). */
export async function prepareSetupLink(siteUrl: string): Promise<SetupLinkOutcome> {
  const db = await getDb();
  if (await hasAdministrator()) {
    await db.delete(siteSettings).where(eq(siteSettings.key, SETUP_TOKEN_KEY));
    return { status: "not-needed" };
  }
  const { driver } = await getDatabaseHandle();
  const window = driver === "pglite" ? 0 : SHARED_WINDOW_SECONDS;
  const { token, hash } = createSecretToken();
  const value = { hash };
  const written = await db
    .insert(siteSettings)
    .values({ key: SETUP_TOKEN_KEY, value })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value, updatedAt: sql`now()` },
      where: sql`${siteSettings.updatedAt} <= now() - (${window}::int * interval '1 second')`,
    })
    .returning({ key: siteSettings.key });
  if (written.length === 0) return { status: "printed-elsewhere" };
  return { status: "printed", link: `${siteUrl.replace(/\/+$/, "")}/setup/${token}` };
}

/**
 * What the server prints: one line for a log collector, or, for a person at a terminal
 * (`readable`), the link alone on its own line where it is easy to see and to click.
 */
export function setupLinkMessage(outcome: SetupLinkOutcome, readable = false): string | null {
  switch (outcome.status) {
    case "printed":
      if (readable) {
        return `[setup] no administrator yet: open this link to create one (it works once):\n\n${outcome.link}\n\nOr run: npm run admin -- create --email E --password P --name "Full Name"`;
      }
      return `[setup] no administrator yet: open ${outcome.link} to create one (the link works once). Or run: npm run admin -- create --email E --password P --name "Full Name"`;
    case "printed-elsewhere":
      return "[setup] no administrator yet: another instance printed the setup link (restart one instance after a minute for a new link, or run npm run admin -- create …)";
    case "not-needed":
      return null;
  }
}

async function storedHash(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, SETUP_TOKEN_KEY))
    .limit(1);
  const hash = (row?.value as { hash?: unknown } | undefined)?.hash;
  return typeof hash === "string" ? hash : null;
}

export type SetupState = { status: "open" } | { status: "done" } | { status: "wrong-token" };

/** What /setup/{token} shows: done (an administrator exists), the form, or not found. */
export async function setupState(token: string): Promise<SetupState> {
  if (await hasAdministrator()) {
    const db = await getDb();
    await db.delete(siteSettings).where(eq(siteSettings.key, SETUP_TOKEN_KEY));
    return { status: "done" };
  }
  return secretTokenMatches(token, await storedHash()) ? { status: "open" } : { status: "wrong-token" };
}

export type SetupResult = { status: "created"; userId: number } | { status: "done" } | { status: "wrong-token" };

/**
 * Creates the first administrator. The token is claimed first (deleted where it still holds this
 * hash), so two submissions of one link create one administrator.
 */
export async function completeSetup(
  token: string,
  input: { name: string; email: string; password: string },
): Promise<SetupResult> {
  const state = await setupState(token);
  if (state.status !== "open") return state;
  const db = await getDb();
  const claimed = await db
    .delete(siteSettings)
    .where(and(eq(siteSettings.key, SETUP_TOKEN_KEY), sql`${siteSettings.value}->>'hash' = ${hashSecretToken(token)}`))
    .returning({ key: siteSettings.key });
  if (claimed.length === 0) return (await hasAdministrator()) ? { status: "done" } : { status: "wrong-token" };
  const result = await createOrPromoteAdmin({ email: input.email, password: input.password, fullName: input.name });
  return { status: "created", userId: result.userId };
}
