/**
 * Writes brotli and gzip siblings (.br, .gz) of the client build's text assets, so the server
 * (sirv) sends them precompressed at no per-request cost. Runs after every build.
 * Plain Node 24 (type stripping): `node scripts/compress-assets.ts [buildDir]`.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;

export function compressAssets(clientDir: string) {
  let files = 0;
  let before = 0;
  let after = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (COMPRESSIBLE.test(entry.name)) {
        const body = fs.readFileSync(full);
        if (body.length < 1024) continue;
        const brotli = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        fs.writeFileSync(`${full}.br`, brotli);
        fs.writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
        files++;
        before += body.length;
        after += brotli.length;
      }
    }
  };
  walk(clientDir);
  return { files, before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = path.resolve(process.argv[2] ?? process.env.BUILD_DIR ?? "build");
  const { files, before, after } = compressAssets(path.join(buildDir, "client"));
  console.log(
    `compress-assets: ${files} files, ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`,
  );
}
