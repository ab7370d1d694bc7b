/**
 * What the HTTP server (server/main.ts) needs from the application bundle: start-up, request
 * context, headers, health and shutdown. It reaches these through the server entry's exports.
 */
import { randomBytes } from "node:crypto";
import { startScheduler, stopScheduler } from "~/articles/scheduler.server";
import { setDataDirCommandHandler } from "~/db/data-dir-lock.server";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";
import { loadSiteSettings } from "~/settings/settings.server";
import { handleDataDirCommand } from "~/setup/admin-command.server";
import { prepareSetupLink, setupLinkMessage } from "~/setup/setup.server";
import { env } from "~/env.server";
import { createLoadContext } from "./request-context.server";
import { securityHeaders } from "./security-headers.server";

export async function startup(options: { seedWhenEmpty?: boolean; scheduler?: boolean; rerender?: boolean } = {}) {
  const config = env(); // throws InvalidEnvironmentError with one line per bad variable
  const handle = await getDatabaseHandle();
  await handle.migrate();
  if (options.seedWhenEmpty ?? true) {
    const { isDatabaseEmpty, seedDemoContent } = await import("~/seed/seed.server");
    if (await isDatabaseEmpty()) {
      const counts = await seedDemoContent();
      console.log(`[db] empty database seeded with demo content: ${JSON.stringify(counts)}`);
    }
  }
  // The site pages (terms, privacy, FAQ, …): added when missing, on an existing database too.
  const { seedSitePages } = await import("~/seed/seed.server");
  const addedPages = await seedSitePages();
  if (addedPages > 0) console.log(`[db] site pages added: ${addedPages}`);
  // Site settings are read before the first request (then kept fresh by notifications).
  await loadSiteSettings();
  // First run: while no administrator exists, a one-time setup link (app/setup).
  const setupLine = setupLinkMessage(await prepareSetupLink(config.SITE_URL));
  if (setupLine) console.log(setupLine);
  // `npm run admin` sends its command through the data folder's lock while this process holds it.
  if (handle.driver === "pglite") setDataDirCommandHandler(handleDataDirCommand);
  // Publishes due articles (those that fell due while no instance ran at once), on every instance.
  if (options.scheduler ?? true) startScheduler();
  // Bodies stored by an older markdown renderer are rendered again once, in the background.
  if (options.rerender ?? true) {
    const { rerenderStoredHtml } = await import("~/markdown/stored-html.server");
    rerenderStoredHtml().then(
      (count) => {
        if (count > 0) console.log(`[markdown] stored HTML rendered again: ${count} rows`);
      },
      (error: unknown) => console.error("[markdown] rendering stored HTML again failed", error),
    );
  }
  return { driver: handle.driver, siteUrl: config.SITE_URL };
}

export function newNonce() {
  return randomBytes(16).toString("base64");
}

export function headersFor(nonce: string) {
  const config = env();
  const formActionOrigins = new Set<string>();
  for (const base of [config.GITHUB_BASE_URL, config.GOOGLE_ISSUER_URL]) {
    if (base) formActionOrigins.add(new URL(base).origin);
  }
  return securityHeaders({
    nonce,
    production: config.NODE_ENV === "production" && config.SITE_URL.startsWith("https:"),
    formActionOrigins: [...formActionOrigins],
  });
}

export async function health(timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const handle = await getDatabaseHandle();
    await Promise.race([
      handle.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function shutdown() {
  setDataDirCommandHandler(null);
  const { stopRerendering } = await import("~/markdown/stored-html.server");
  stopRerendering();
  await stopScheduler();
  await closeDatabase();
}

export { createLoadContext };
export { isCrossSiteWrite } from "./origin-check.server";
export { contentChanged, listenForContentChanges, onContentChanged } from "~/cache/content-events.server";
export { createPageTagger } from "./page-tags.server";
export { staffPageKey } from "~/auth/session.server";
export { databaseQueueStats, isDatabaseBusyError, withDatabaseQueue } from "~/db/db.server";
