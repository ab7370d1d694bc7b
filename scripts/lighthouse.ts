/**
 * npm run lighthouse [-- --base http://127.0.0.1:3000] [--pages /,/post/x,/search?q=react]
 *
 * Runs Lighthouse (mobile, its default) with Debian's Chromium on the home, an article and the
 * search page, and prints the four category scores. Without --base it starts the production
 * server on a fresh embedded database first. Exits non-zero when a score is below --min (100).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    pages: { type: "string" },
    min: { type: "string", default: "100" },
    port: { type: "string", default: "3230" },
    out: { type: "string", default: "lighthouse-report.json" },
  },
});

async function waitFor200(url: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never answered 200`);
}

async function main() {
  let base = args.base;
  let stopServer = async () => {};
  if (!base) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-lighthouse-"));
    base = `http://127.0.0.1:${args.port}`;
    const server = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: args.port,
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SITE_URL: base,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    stopServer = async () => {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    await waitFor200(`${base}/healthz`);
  }
  try {
    let pages = args.pages?.split(",");
    if (!pages) {
      const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
      const article = new URL(/<loc>([^<]*\/post\/[^<]+)<\/loc>/.exec(sitemap)![1]!).pathname;
      pages = ["/", article, "/search?q=react"];
    }
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
    const results: Array<{ page: string; scores: Record<string, number>; failing: string[] }> = [];
    try {
      for (const page of pages) {
        // Warm the page cache first: a reader's second visitor sees the cached page.
        await (await fetch(`${base}${page}`)).arrayBuffer();
        const runner = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const lhr = runner!.lhr;
        const scores = Object.fromEntries(
          Object.values(lhr.categories).map((category) => [category.id, Math.round((category.score ?? 0) * 100)]),
        );
        const failing = Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              audit.scoreDisplayMode !== "informative" &&
              audit.scoreDisplayMode !== "manual",
          )
          .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
        results.push({ page, scores, failing });
        console.error(`${page}: ${JSON.stringify(scores)}`);
        if (failing.length) console.error(`  below 1: ${failing.slice(0, 12).join(", ")}`);
      }
    } finally {
      await chrome.kill();
    }
    fs.writeFileSync(args.out!, `${JSON.stringify({ date: new Date().toISOString(), base, results }, null, 2)}\n`);
    const min = Number(args.min);
    const low = results.filter((result) => Object.values(result.scores).some((score) => score < min));
    if (low.length) {
      console.error(`lighthouse: ${low.length} page(s) score below ${min}`);
      process.exitCode = 1;
    }
  } finally {
    await stopServer();
  }
}

main().catch((error) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
