/**
 * The layer rules of docs/architecture.md, checked by dependency-cruiser in `npm test`'s lint step
 * (`npm run lint:layers`). A violation prints the rule's name and the import, and fails the run.
 *
 *   server/ ──types──► app/http/runtime.server.ts (the composition root)
 *   app/routes ──► domain (app/<subject>) ──► app/cache, app/db ──► drivers
 *                                         └──► app/outbound (requests to other servers)
 *   app/components ──► app/lib          app/lib ──► nothing of the app
 */
const DOMAIN = "^app/(?!(routes|components|http|lib|db|cache|observability|outbound)/)[^/]+/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles, type-only ones included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-not-to-upper-layers",
      severity: "error",
      comment: "Domain modules never import routes, components or the HTTP layer.",
      from: { path: DOMAIN },
      to: { path: "^app/(routes|components|http)/" },
    },
    {
      name: "components-not-to-server",
      severity: "error",
      comment:
        "Components never import *.server modules or the database schema (types come from the domain as type-only imports of non-server view modules, or from Route.ComponentProps).",
      from: { path: "^app/components/" },
      to: { path: ["\\.server\\.tsx?$", "^app/db/"] },
    },
    {
      name: "lib-is-pure",
      severity: "error",
      comment: "app/lib imports nothing of the app.",
      from: { path: "^app/lib/" },
      to: { path: "^app/", pathNot: "^app/lib/" },
    },
    {
      name: "http-not-to-routes-or-components",
      severity: "error",
      comment: "The HTTP layer serves routes; it never imports them or components.",
      from: { path: "^app/http/", pathNot: "^app/http/runtime\\.server\\.ts$" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "http-not-to-domain",
      severity: "error",
      comment:
        "Only the runtime (the composition root), the action helpers that read requests (app/http/actions) and the view builders (app/http/views) reach domain modules from the HTTP layer.",
      from: { path: "^app/http/", pathNot: ["^app/http/runtime\\.server\\.ts$", "^app/http/(actions|views)/"] },
      to: { path: DOMAIN, pathNot: "^app/auth/(guards|session|permissions)" },
    },
    {
      name: "lower-layers-not-up",
      severity: "error",
      comment: "app/cache and app/db know nothing above them.",
      from: { path: "^app/(cache|db)/" },
      to: { path: "^app/", pathNot: ["^app/(cache|db|lib)/", "^app/env\\.server\\.ts$", "^app/observability/"] },
    },
    {
      name: "outbound-is-low",
      severity: "error",
      comment:
        "app/outbound (the outbound request guard) knows only app/lib, app/observability and the environment; domain modules import it.",
      from: { path: "^app/outbound/" },
      to: { path: "^app/", pathNot: ["^app/(outbound|lib|observability)/", "^app/env\\.server\\.ts$"] },
    },
    {
      name: "server-only-through-runtime",
      severity: "error",
      comment: "The HTTP server reaches the app only through the runtime's types and the build.",
      from: { path: "^server/" },
      to: { path: "^app/", pathNot: "^app/http/runtime\\.server\\.ts$" },
    },
    {
      name: "routes-not-to-driver",
      severity: "error",
      comment: "Route modules call domain functions; only the db module knows the driver.",
      from: { path: "^app/routes/" },
      to: { path: ["^node_modules/(pg|@electric-sql/pglite)/", "^app/db/db\\.server\\.ts$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^app/seed/demo/", "\\.react-router/", "^build/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
