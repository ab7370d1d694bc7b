/**
 * What the HTTP server (server/main.ts) needs from the application bundle: start-up, request
 * context, headers, health and shutdown. It reaches these through the server entry's exports.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startAutomaticBackups, stopAutomaticBackups } from "~/backup/backup.server";
import { importedRedirect } from "~/backup/import.server";
import { startScheduler, stopScheduler } from "~/articles/scheduler.server";
import { setDataDirCommandHandler } from "~/db/data-dir-lock.server";
import {
  closeDatabase,
  databaseQueueStats,
  getDatabaseHandle,
  isDatabaseBusyError,
  withDatabaseQueue,
} from "~/db/db.server";
import { outboxHealth, startOutboxWorker, stopOutboxWorker } from "~/mail/outbox.server";
import { startNewsletterWorker, stopNewsletterWorker } from "~/newsletters/worker.server";
import { loadSiteSettings } from "~/settings/settings.server";
import { handleDataDirCommand } from "~/setup/admin-command.server";
import { prepareSetupLink, setupLinkMessage } from "~/setup/setup.server";
import { env, logSettings } from "~/env.server";
import { postHref } from "~/lib/urls";
import { configureLogger, flushLogs, logger, requestLine } from "~/observability/logger.server";
import { enableProcessMetrics, registerDatabaseQueueStats, registerOutboxStats } from "~/observability/metrics.server";
import { createLoadContext } from "./request-context.server";
import { securityHeaders } from "./security-headers.server";

/** Migrations applied (readiness); shutdown begun (not ready from that moment). */
const state = { migrated: false, draining: false };

export async function startup(
  options: { seedWhenEmpty?: boolean; scheduler?: boolean; rerender?: boolean; mail?: boolean } = {},
) {
  const config = env(); // throws InvalidEnvironmentError with one line per bad variable
  configureLogger(logSettings(config));
  const log = logger();
  enableProcessMetrics();
  registerDatabaseQueueStats(databaseQueueStats);
  registerOutboxStats(outboxHealth);
  const handle = await getDatabaseHandle();
  const migrationsStartedAt = performance.now();
  await handle.migrate();
  state.migrated = true;
  log.info(
    { event: "migrations", driver: handle.driver, ms: Math.round(performance.now() - migrationsStartedAt) },
    "migrations applied",
  );
  if (options.seedWhenEmpty ?? true) {
    const { isDatabaseEmpty, seedDemoContent } = await import("~/seed/seed.server");
    if (await isDatabaseEmpty()) {
      const counts = await seedDemoContent();
      log.info({ event: "seed", counts }, "empty database seeded with demo content");
    }
  }
  // The site pages (terms, privacy, FAQ, …): added when missing, on an existing database too.
  const { seedSitePages } = await import("~/seed/seed.server");
  const addedPages = await seedSitePages();
  if (addedPages > 0) log.info({ event: "seed", sitePages: addedPages }, `site pages added: ${addedPages}`);
  // Site settings are read before the first request (then kept fresh by notifications).
  await loadSiteSettings();
  // First run: while no administrator exists, a one-time setup link (app/setup).
  const setupLine = setupLinkMessage(await prepareSetupLink(config.SITE_URL), config.LOG_FORMAT === "pretty");
  if (setupLine) log.info({ event: "setup-link" }, setupLine);
  // `npm run admin` sends its command through the data folder's lock while this process holds it.
  if (handle.driver === "pglite") setDataDirCommandHandler(handleDataDirCommand);
  // Publishes due articles (those that fell due while no instance ran at once), on every instance.
  if (options.scheduler ?? true) startScheduler();
  // Bodies stored by an older markdown renderer are rendered again once, in the background.
  if (options.rerender ?? true) {
    const { rerenderStoredHtml } = await import("~/markdown/stored-html.server");
    rerenderStoredHtml().then(
      (count) => {
        if (count > 0) log.info({ event: "markdown", rows: count }, `stored HTML rendered again: ${count} rows`);
      },
      (error: unknown) => log.error({ err: error, event: "markdown" }, "rendering stored HTML again failed"),
    );
  }
  // The embedded database backs itself up daily into DATA_DIR/backups (one process holds it, so
  // no one else to agree with); on PostgreSQL, backups are the operator's (npm run backup, pg_dump).
  if (handle.driver === "pglite" && (options.scheduler ?? true)) {
    startAutomaticBackups(path.resolve(config.DATA_DIR, "backups"), config.BACKUP_KEEP);
  }
  // Sends the mail outbox (app/mail/outbox.server.ts), on every instance.
  if (options.mail ?? true) await startOutboxWorker();
  // Fans newsletters out into the outbox and queues the weekly digests, on every instance.
  if (options.mail ?? true) await startNewsletterWorker();
  return {
    driver: handle.driver,
    siteUrl: config.SITE_URL,
    metrics: { token: config.METRICS_TOKEN, port: config.METRICS_PORT },
    shutdownDrainMs: config.SHUTDOWN_DRAIN_MS,
  };
}

/** Ready for traffic: migrations applied, the database answers, and shutdown has not begun. */
export async function ready(): Promise<boolean> {
  if (!state.migrated || state.draining) return false;
  return (await health()) && !state.draining;
}

/** Shutdown begins: /readyz answers 503 from now on, so a load balancer drains this instance. */
export function beginShutdown() {
  state.draining = true;
}

/** The request handler's settings (server/app-handler.ts), validated like every other. */
export function handlerSettings() {
  const config = env();
  return {
    nodeEnv: config.NODE_ENV,
    pageCache: config.PAGE_CACHE === "on",
    pageCacheBytes: config.PAGE_CACHE_MB * 1024 * 1024,
    pageCacheTtlMs: config.PAGE_CACHE_TTL_SECONDS * 1000,
    staffPageCacheBytes: config.STAFF_PAGE_CACHE_MB * 1024 * 1024,
    trustProxy: config.TRUST_PROXY === "1",
  };
}

/**
 * Where an imported article's old address sends a reader (`/post/{slug}`), or null: the path as a
 * link has it, its trailing slashes dropped (a Ghost permalink `/my-post/` is stored as `/my-post`,
 * app/backup/import-types.server.ts `pathOf`). server/main.ts asks before its trailing-slash rule,
 * so such a link takes one 301, not two. Through the database queue like a page; when the queue
 * is full the answer is null (the trailing-slash 301, as before).
 */
export async function oldAddressTarget(pathname: string): Promise<string | null> {
  let normalized: string;
  try {
    normalized = new URL(pathname, "http://localhost").pathname;
  } catch {
    return null;
  }
  try {
    const slug = await withDatabaseQueue(() => importedRedirect(normalized));
    return slug ? postHref(slug) : null;
  } catch (error) {
    if (isDatabaseBusyError(error)) return null;
    throw error;
  }
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
  state.draining = true;
  setDataDirCommandHandler(null);
  const { stopRerendering } = await import("~/markdown/stored-html.server");
  await stopRerendering();
  await stopScheduler();
  await stopAutomaticBackups();
  await stopNewsletterWorker();
  await stopOutboxWorker();
  await closeDatabase();
  flushLogs();
}

export { createLoadContext };
export { flushLogs, logger, requestLine };
export { metricsText, observeHttpRequest, registerPageCache } from "~/observability/metrics.server";
export {
  acceptedRequestId,
  currentRequestId,
  newRequestId,
  type RequestFacts,
  runWithRequestFacts,
} from "~/observability/request-scope.server";
export { isCrossSiteWrite } from "./origin-check.server";
export { contentChanged, listenForContentChanges, onContentChanged } from "~/cache/content-events.server";
export { createPageTagger } from "./page-tags.server";
export { staffPageKey } from "~/auth/session.server";
export { databaseQueueStats, isDatabaseBusyError, withDatabaseQueue } from "~/db/db.server";
