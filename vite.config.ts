import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native/WASM drivers must stay real Node imports, not bundled.
    external: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "shiki", "@shikijs/rehype", "nodemailer"],
  },
  build: { sourcemap: false },
});
