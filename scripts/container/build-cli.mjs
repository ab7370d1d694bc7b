// Image build step: bundles the operator commands (scripts/admin.ts, …) into build/cli/*.mjs,
// plain JavaScript the runtime image runs with its own Node (tsx is a dev dependency and is
// pruned). The app's own modules (~/…) and drizzle-orm are bundled in, as in the server build
// (vite.config.ts); every other package stays an import of node_modules.
import { build } from "esbuild";

const COMMANDS = ["admin"];
const BUNDLED_PACKAGES = /^drizzle-orm(\/|$)/;

await build({
  entryPoints: COMMANDS.map((name) => ({ in: `scripts/${name}.ts`, out: name })),
  outdir: "build/cli",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  logLevel: "warning",
  plugins: [
    {
      name: "packages-external",
      setup(build) {
        // A bare specifier (not ./, ../, / or the ~/ alias) is a package: left as an import.
        build.onResolve({ filter: /^[^./~]/ }, (args) =>
          BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`operator commands bundled: ${COMMANDS.map((name) => `build/cli/${name}.mjs`).join(", ")}`);
