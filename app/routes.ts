import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The route table, in the order of the specification (section 2).
 */
export default [
  // Public routes, inside the site header and footer.
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("post/:slug", "routes/post.tsx"),
    route("category/:category", "routes/category.tsx"),
    route("interview-prep", "routes/interview-prep.tsx"),
    route("search", "routes/search.tsx"),
    route("about", "routes/about.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("logout", "routes/logout.ts"),
    route("verify-email", "routes/verify-email.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("auth/:provider", "routes/auth.provider.ts"),
    route("auth/:provider/callback", "routes/auth.provider.callback.tsx"),
    route("whats-new", "routes/whats-new.tsx"),
    // A private preview link of an unpublished article (editorial workflow).
    route("preview/:token", "routes/preview.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The disputed prefix: /article/{slug} answers a permanent redirect to /post/{slug}.
  route("article/:slug", "routes/article-redirect.ts"),

  // Admin: the login is outside the guard; everything under the admin layout is guarded.
  route("admin/login", "routes/admin.login.tsx"),
  // The same sign-out module as /logout; it goes back to the admin login.
  route("admin/logout", "routes/logout.ts", { id: "admin-logout" }),
  route("admin", "routes/admin-layout.tsx", [
    index("routes/admin.dashboard.tsx", { id: "admin-index" }),
    route("dashboard", "routes/admin.dashboard.tsx", { id: "admin-dashboard" }),
    ...prefix("articles", [
      route("new", "routes/admin.article-editor.tsx", { id: "admin-article-new" }),
      route("edit/:id", "routes/admin.article-editor.tsx", { id: "admin-article-edit" }),
      // The delete confirmation page (without JavaScript) and the delete action (both ways).
      route("delete/:id", "routes/admin.article-delete.tsx"),
      // Resource route: markdown rendered exactly as the article page shows it (the Preview tab).
      route("preview", "routes/admin.article-preview.ts"),
      // Revisions (compare, restore) and preview links; the editor's autosave (resource route).
      route(":id/history", "routes/admin.article-history.tsx"),
      route(":id/autosave", "routes/admin.article-autosave.ts"),
    ]),
    // The media library: uploads, search, delete.
    route("media", "routes/admin.media.tsx"),
  ]),
  // Resource route: image uploads (JSON for fetch/XHR, a redirect with a toast for plain forms).
  route("admin/media/upload", "routes/admin.media-upload.ts"),
  // Uploaded images and their variants, at content-hashed URLs.
  route("media/:file", "routes/media.ts"),

  // Discovery: feeds, sitemap, robots, llms.txt.
  route("rss.xml", "routes/feed.ts", { id: "feed-rss" }),
  route("atom.xml", "routes/feed.ts", { id: "feed-atom" }),
  route("feed.json", "routes/feed.ts", { id: "feed-json" }),
  route("category/:category/rss.xml", "routes/category-feed.ts"),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route("sitemaps/:piece", "routes/sitemap.ts", { id: "sitemap-piece" }),
  route("robots.txt", "routes/robots.ts"),
  route("llms.txt", "routes/llms.ts"),

  // Resource routes.
  route("resources/placeholder", "routes/resources.placeholder.ts"),
  route("healthz", "routes/healthz.ts"),
  // Present only with ENABLE_TEST_HOOKS=1 (browser tests): a crash and a slow response.
  route("__test/crash", "routes/test-hooks.crash.tsx"),
  route("__test/slow", "routes/test-hooks.slow.ts"),
] satisfies RouteConfig;
