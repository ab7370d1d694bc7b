// Image build step: the runtime image's package.json (runtime/package.json). The same name,
// module type and dependencies, with scripts that run on the image's own Node and nothing else:
// `npm start` and `npm run admin -- create …` (bundled by build-cli.mjs) work inside the container.
import fs from "node:fs";

const source = JSON.parse(fs.readFileSync("package.json", "utf8"));
const runtime = {
  name: source.name,
  private: true,
  version: source.version,
  description: source.description,
  type: source.type,
  engines: source.engines,
  scripts: {
    start: "node server/main.ts",
    admin: "node build/cli/admin.mjs",
  },
  dependencies: source.dependencies,
};
fs.mkdirSync("runtime", { recursive: true });
fs.writeFileSync("runtime/package.json", `${JSON.stringify(runtime, null, 2)}\n`);
console.log("runtime/package.json written (scripts: start, admin)");
