import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { SITE_PAGES } from "./lib/site-pages";

/**
 * The route table, in the order of the specification (section 2).
 */
export default [
  // Public routes, inside the site header and footer.
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("post/:slug", "routes/post.tsx"),
    // One-click unsubscribe from comment mails (a page with a button; RFC 8058 POST).
    route("unsubscribe/:token", "routes/unsubscribe.tsx"),
    route("category/:category", "routes/category.tsx"),
    // Tags and series (issue 26): a tag's articles, a series' parts in order.
    route("tag/:slug", "routes/tag.tsx"),
    route("series/:slug", "routes/series.tsx"),
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
    // An author's page: bio, avatar and their published articles.
    route("author/:slug", "routes/author.tsx"),
    route("contact", "routes/contact.tsx"),
    // The site pages (markdown edited at /admin/pages): one module, one route per slug.
    ...SITE_PAGES.map((page) => route(page.slug, "routes/site-page.tsx", { id: `site-page-${page.slug}` })),
    route("write-for-us", "routes/write-for-us.tsx"),
    // The reader's account settings (private) and the change-email link's page.
    route("account", "routes/account.tsx"),
    route("account/confirm-email", "routes/account.confirm-email.tsx"),
    // The reader's saved articles (private); every Save / Remove posts here.
    route("reading-list", "routes/reading-list.tsx"),
    // Completes a save begun while signed out (the sign-in's redirectTo): a page with one button.
    route("reading-list/save", "routes/reading-list.save.tsx"),
    // A private preview link of an unpublished article (editorial workflow).
    route("preview/:token", "routes/preview.tsx"),
    // An invitation link (/admin/people) and the first-run setup link (printed by the server).
    route("invite/:token", "routes/invite.tsx"),
    route("setup/:token", "routes/setup.tsx"),
    // The newsletter: subscribe (every subscribe form posts here), the confirmation link's page
    // (its button confirms), and a subscriber's manage and one-click unsubscribe pages.
    route("subscribe", "routes/subscribe.tsx"),
    route("subscribe/confirm/:token", "routes/subscribe.confirm.tsx"),
    route("subscription/:token", "routes/subscription.tsx"),
    route("subscription/:token/unsubscribe", "routes/subscription.unsubscribe.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The disputed prefix: /article/{slug} answers a permanent redirect to /post/{slug}.
  route("article/:slug", "routes/article-redirect.ts"),
  // The reader's data as a JSON attachment (resource route).
  route("account/data", "routes/account.data.ts"),

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
    // The review queue: contributors' submitted drafts (approve or return with a note).
    route("review", "routes/admin.review.tsx"),
    // The media library: uploads, search, delete.
    route("media", "routes/admin.media.tsx"),
    // Comment moderation: pending, reported, approved and hidden queues; blocking commenters.
    route("comments", "routes/admin.comments.tsx"),
    // Categories: list and create; rename, describe, delete (moving articles).
    route("categories", "routes/admin.categories.tsx"),
    route("categories/:id", "routes/admin.category-edit.tsx"),
    // Series: create, rename, describe, reorder parts; tags: rename and merge (administrators).
    route("series", "routes/admin.series.tsx"),
    route("series/:id", "routes/admin.series-edit.tsx"),
    route("tags", "routes/admin.tags.tsx"),
    route("tags/:id", "routes/admin.tag-edit.tsx"),
    // Interview questions: list, reorder, delete; create and edit (with a markdown preview).
    route("questions", "routes/admin.questions.tsx"),
    route("questions/new", "routes/admin.question-editor.tsx", { id: "admin-question-new" }),
    route("questions/:id", "routes/admin.question-editor.tsx", { id: "admin-question-edit" }),
    // Author profiles: your own; administrators edit anyone's.
    route("profile", "routes/admin.profile.tsx"),
    route("authors", "routes/admin.authors.tsx"),
    route("authors/:id", "routes/admin.profile.tsx", { id: "admin-author-edit" }),
    // Administrators: people and invitations, site settings, the audit log.
    route("people", "routes/admin.people.tsx"),
    route("settings", "routes/admin.settings.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("export", "routes/admin.export.tsx"),
    route("import", "routes/admin.import.tsx"),
    // Integrations: API keys for other programs (Ghost's Content and Admin APIs).
    route("integrations", "routes/admin.integrations.tsx"),
    // Contact and Write for Us messages.
    route("inbox", "routes/admin.inbox.tsx"),
    route("inbox/:id", "routes/admin.inbox-message.tsx"),
    // The site pages' editor.
    route("pages", "routes/admin.pages.tsx"),
    route("pages/:slug", "routes/admin.page-editor.tsx"),
    // Newsletter subscribers: counts, the weekly chart, search, CSV import (editors and administrators).
    route("subscribers", "routes/admin.subscribers.tsx"),
  ]),
  // The subscribers as CSV (streamed download).
  route("admin/subscribers.csv", "routes/admin.subscribers-csv.ts"),
  // Resource route: image uploads (JSON for fetch/XHR, a redirect with a toast for plain forms).
  route("admin/media/upload", "routes/admin.media-upload.ts"),
  // The import page's upload with JavaScript (XMLHttpRequest with progress; JSON answers).
  route("admin/import/upload", "routes/admin.import-upload.ts"),
  // The export's download (a plain form post from /admin/export; streamed zip).
  route("admin/export/download", "routes/admin.export-download.ts"),
  // Uploaded images and their variants, at content-hashed URLs.
  route("media/:file", "routes/media.ts"),

  // Discovery: feeds, sitemap, robots, llms.txt.
  route("rss.xml", "routes/feed.ts", { id: "feed-rss" }),
  route("atom.xml", "routes/feed.ts", { id: "feed-atom" }),
  route("feed.json", "routes/feed.ts", { id: "feed-json" }),
  route("category/:category/rss.xml", "routes/category-feed.ts"),
  route("author/:slug/rss.xml", "routes/author-feed.ts"),
  route("tag/:slug/rss.xml", "routes/tag-feed.ts"),
  route("series/:slug/rss.xml", "routes/series-feed.ts"),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route("sitemaps/:piece", "routes/sitemap.ts", { id: "sitemap-piece" }),
  route("robots.txt", "routes/robots.ts"),
  route("llms.txt", "routes/llms.ts"),

  // Ghost's APIs (issue 42): the Content API, and the versioned paths older clients call.
  route("ghost/api/*", "routes/ghost-api.ts"),

  // Resource routes.
  // An article's comments, loaded in place by Load Comments (JavaScript).
  route("post/:slug/comments", "routes/post.comments.ts"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  // Present only with ENABLE_TEST_HOOKS=1 (browser tests): a crash and a slow response.
  route("__test/crash", "routes/test-hooks.crash.tsx"),
  route("__test/slow", "routes/test-hooks.slow.ts"),
] satisfies RouteConfig;
