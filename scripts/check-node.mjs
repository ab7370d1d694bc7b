// npm scripts must run on the pinned Node 24 (the `node` devDependency). When install
// scripts were skipped, npm silently falls back to the system Node: fail loudly instead.
const major = Number(process.versions.node.split(".")[0]);
if (major !== 24) {
  console.error(
    `DevPerspective needs Node 24 (found ${process.versions.node}). Run \`npm install\` without --ignore-scripts so the pinned runtime is installed.`,
  );
  process.exit(1);
}
