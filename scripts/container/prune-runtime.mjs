// Image build step, after `npm prune --omit=dev`: drops what the runtime never loads.
// - typescript (~25 MB with its native binary): an optional peer of @react-router/node that npm
//   keeps; nothing loads it at run time. @types/*: declarations some packages depend on.
// - packages' own test suites and examples (a folder `test`, `tests`, `__tests__`, `example(s)`
//   at a package's root: bintrees and domino ship ~9 MB of them).
// - type declarations, source maps and Markdown documentation inside packages (licenses stay).
import fs from "node:fs";
import path from "node:path";

const UNUSED_PACKAGES = ["typescript", "@typescript", "@types"];
const UNUSED_PACKAGE_DIR = /^(test|tests|__tests__|example|examples)$/;
const UNUSED_FILE = /\.(d\.ts|d\.mts|d\.cts|map|md|markdown)$/i;
const KEEP = /^(licen[cs]e|notice|copying)/i;

let bytes = 0;
const sizeOf = (target) => {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
};
const remove = (target) => {
  bytes += sizeOf(target);
  fs.rmSync(target, { recursive: true });
};
for (const name of UNUSED_PACKAGES) {
  const dir = path.join("node_modules", name);
  if (!fs.existsSync(dir)) continue;
  remove(dir);
}
// A package's root: node_modules/name or node_modules/@scope/name (at any depth).
const isPackageRoot = (dir) => fs.existsSync(path.join(dir, "package.json"));
const walk = (dir) => {
  const packageRoot = isPackageRoot(dir);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && packageRoot && UNUSED_PACKAGE_DIR.test(entry.name)) remove(full);
    else if (entry.isDirectory()) walk(full);
    else if (entry.isFile() && UNUSED_FILE.test(entry.name) && !KEEP.test(entry.name)) {
      bytes += fs.statSync(full).size;
      fs.rmSync(full);
    }
  }
};
walk("node_modules");
console.log(`runtime node_modules pruned: ${(bytes / 1e6).toFixed(1)} MB dropped`);
