import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native/WASM drivers must stay real Node imports, not bundled.
    external: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "shiki", "@shikijs/rehype", "nodemailer"],
    // Bundled rather than imported at run time: Node 24 resolves each of drizzle-orm's ~1,000 files
    // against its 179 KB package.json, which costs ~330 ms and a ~250 MB heap peak at start
    // (Node 20: 50 ms, 54 MB). Bundled, the server imports one chunk.
    noExternal: ["drizzle-orm"],
  },
  build: {
    sourcemap: false,
    // Fonts (KaTeX's) stay files: the Content-Security-Policy's font-src is 'self', so a font
    // inlined as a data: URL would be refused and the formula drawn in a fallback font.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
  },
});
