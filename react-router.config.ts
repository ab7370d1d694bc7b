import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel work (or CI jobs) build side by side; server/main.ts reads it too.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
