/**
 * Every route that can answer an anonymous, public 200 declares the tags of its page
 * (`handle.cacheTags`): the page cache keeps only tagged pages, and a write drops exactly the
 * pages that share its tags. A route that is private, a redirect, an error or an immutable file
 * is named below with the reason it is never kept.
 */
import { describe, expect, it } from "vitest";
import { isCacheHandle } from "~/cache/route-tags";
import { routeManifest } from "../support/page-tags";

const NEVER_KEPT: Record<string, string> = {
  root: "the document shell, not a page",
  "routes/public-layout": "a layout",
  "routes/admin-layout": "a layout (staff pages are private)",
  "routes/not-found": "a 404",
  "routes/unsubscribe": "a private token page (no-store)",
  "routes/preview": "a private token page (no-store)",
  "routes/invite": "a private token page (no-store)",
  "routes/setup": "a private token page (no-store)",
  "routes/reset-password": "a private token page (no-store)",
  "routes/verify-email": "a private token page (no-store)",
  "routes/logout": "a write",
  "routes/auth.provider": "a redirect to the provider",
  "routes/auth.provider.callback": "a redirect from the provider",
  "routes/account": "signed in only",
  "routes/account.confirm-email": "a private token page",
  "routes/account.data": "signed in only",
  "routes/reading-list": "signed in only",
  "routes/reading-list.save": "signed in only",
  "routes/article-redirect": "a 301",
  "routes/admin.login": "the staff sign-in (never public content)",
  "admin-logout": "a write",
  "routes/admin.media-upload": "a write",
  "routes/admin.export-download": "a private download for administrators (no-store)",
  "routes/admin.import-upload": "a write",
  "routes/media": "immutable files (browsers and CDNs keep them)",
  "routes/healthz": "a health check",
  "routes/subscribe": "a form's answers (no-store)",
  "routes/subscribe.confirm": "a private token page (no-store)",
  "routes/subscription": "a private token page (no-store)",
  "routes/subscription.unsubscribe": "a private token page (no-store)",
  "routes/admin.subscribers-csv": "a private download for staff (no-store)",
  "routes/readyz": "a readiness check",
  "routes/test-hooks.crash": "a test hook",
  "routes/test-hooks.slow": "a test hook",
  "routes/ghost-api":
    "Ghost's APIs: answers that depend on the key (a revoked key must stop at once) and writes; ETag and 304 instead",
};

describe("the route table and the page cache", () => {
  it("gives every cacheable route its tags, in its handle", async () => {
    const manifest = await routeManifest();
    const missing: string[] = [];
    for (const route of Object.values(manifest)) {
      if (!route) continue;
      const underAdmin = route.parentId === "routes/admin-layout";
      if (underAdmin || route.id in NEVER_KEPT) continue;
      if (!isCacheHandle(route.module.handle)) missing.push(route.id);
    }
    expect(missing).toEqual([]);
  });

  it("names no route as never kept that declares tags, nor one that is not in the table", async () => {
    const manifest = await routeManifest();
    for (const id of Object.keys(NEVER_KEPT)) {
      expect(manifest[id], id).toBeDefined();
      expect(isCacheHandle(manifest[id]?.module.handle), id).toBe(false);
    }
  });
});
