import { md } from "../md";
import type { SeedArticle } from "../types";

export const tutorialArticles: SeedArticle[] = [
  {
    title: "Build a Link Checker CLI with Node.js and Zero Dependencies",
    slug: "build-a-link-checker-cli-with-nodejs",
    category: "tutorials",
    author: "Daniel Okafor",
    excerpt:
      "A step-by-step tutorial: parse arguments, walk a folder of markdown files, check every link concurrently and exit with a useful status code, using only Node's standard library.",
    publishedAt: "2026-02-10T09:00:00Z",
    featured: true,
    imageUrl: "/images/articles/link-checker-cli.svg",
    content: md`
Broken links are a small embarrassment that accumulates quietly in every documentation folder. In this tutorial we will build a command-line tool that finds them: it walks a directory of markdown files, extracts every external link, checks them concurrently and exits with a non-zero status if any are broken, so it can run in CI.

We will use **only Node's standard library**. Modern Node has everything we need built in: argument parsing, recursive directory listing and \`fetch\`. You need Node 22 or later.

## Step 1: set up the project

\`\`\`bash
mkdir linkcheck && cd linkcheck
npm init -y
npm pkg set type=module bin.linkcheck=./cli.js
touch cli.js && chmod +x cli.js
\`\`\`

Setting \`type\` to \`module\` lets us use \`import\` syntax and top-level \`await\`. The \`bin\` entry means that after \`npm link\` (or a global install), the tool is available as \`linkcheck\` on your PATH.

## Step 2: parse the arguments

\`node:util\` ships \`parseArgs\`, a small, strict argument parser. We want a directory, a concurrency limit and a timeout:

\`\`\`js
#!/usr/bin/env node
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    concurrency: { type: "string", short: "c", default: "8" },
    timeout: { type: "string", short: "t", default: "10000" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help || positionals.length !== 1) {
  console.log("Usage: linkcheck <directory> [--concurrency 8] [--timeout 10000]");
  process.exit(values.help ? 0 : 2);
}

const root = positionals[0];
const concurrency = Number.parseInt(values.concurrency, 10);
const timeout = Number.parseInt(values.timeout, 10);
\`\`\`

\`parseArgs\` throws on unknown options, which is exactly what a CLI should do: a typo like \`--concurency\` should fail loudly, not be silently ignored. Exit code **2** is the conventional "usage error" status.

## Step 3: find the markdown files

Since Node 20, \`readdir\` accepts \`recursive: true\`:

\`\`\`js
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

async function findMarkdownFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .filter((entry) => !entry.parentPath.includes("node_modules"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
\`\`\`

## Step 4: extract the links

A full markdown parser would be more robust, but a regular expression for inline links, \`[text](url)\`, covers the vast majority of real documents. We only keep absolute \`http\` and \`https\` URLs and remember where each one came from:

\`\`\`js
const LINK = /\[[^\]]*\]\((https?:\/\/[^)\s]+)\)/g;

async function extractLinks(file) {
  const text = await readFile(file, "utf8");
  const links = [];
  for (const [index, line] of text.split("\n").entries()) {
    for (const match of line.matchAll(LINK)) {
      links.push({ url: match[1], file, line: index + 1 });
    }
  }
  return links;
}
\`\`\`

## Step 5: check a single URL

We try a \`HEAD\` request first because it does not download the body. Some servers answer \`HEAD\` with 405 or 404 even though \`GET\` works, so we fall back to \`GET\` in that case. \`AbortSignal.timeout\` gives us a per-request timeout without managing timers by hand:

\`\`\`js
async function check(url) {
  try {
    let response = await fetch(url, { method: "HEAD", redirect: "follow", signal: AbortSignal.timeout(timeout) });
    if (response.status === 405 || response.status === 404) {
      response = await fetch(url, { method: "GET", redirect: "follow", signal: AbortSignal.timeout(timeout) });
    }
    return { ok: response.ok, status: response.status };
  } catch (error) {
    return { ok: false, status: error.name === "TimeoutError" ? "timeout" : error.message };
  }
}
\`\`\`

## Step 6: limit concurrency

Firing hundreds of requests at once is rude to servers and tends to trigger rate limiting. A tiny worker pool keeps at most \`concurrency\` requests in flight:

\`\`\`js
async function mapWithLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
\`\`\`

This is safe without locks because JavaScript is single-threaded: \`next++\` runs to completion before any other worker can read \`next\`.

## Step 7: put it together

Many documents link to the same URL, so we check each unique URL once and then report every place it appears:

\`\`\`js
const files = await findMarkdownFiles(root);
const links = (await Promise.all(files.map(extractLinks))).flat();
const unique = [...new Set(links.map((link) => link.url))];

console.log(\`Checking \${unique.length} URLs in \${files.length} files...\`);
const results = await mapWithLimit(unique, concurrency, check);
const status = new Map(unique.map((url, i) => [url, results[i]]));

const broken = links.filter((link) => !status.get(link.url).ok);
for (const link of broken) {
  console.log(\`\${link.file}:\${link.line}  \${link.url}  (\${status.get(link.url).status})\`);
}

console.log(broken.length === 0 ? "All links OK." : \`\${broken.length} broken link(s).\`);
process.exitCode = broken.length === 0 ? 0 : 1;
\`\`\`

Note \`process.exitCode\` instead of \`process.exit()\`: setting the code lets pending output flush before the process ends naturally.

## Step 8: run it in CI

\`\`\`bash
node cli.js ./docs --concurrency 4
\`\`\`

Because the tool exits with status 1 when links are broken, any CI system will mark the job as failed. Running it on a nightly schedule rather than on every push is a good compromise: external sites go down temporarily, and you do not want a flaky third-party server to block a merge.

## Where to go from here

- Check **relative links** between your own files by resolving them with \`path.resolve\` and testing with \`fs.access\`.
- Add a \`--ignore\` option for hosts that block automated requests.
- Cache results in a JSON file so repeated runs skip URLs that were fine within the last day.
- Output **JSON** with a \`--json\` flag so other tools can consume the report.

A few dozen lines of standard-library code gave us a genuinely useful tool. That is the quiet superpower of modern Node: for small utilities, you often do not need a single dependency.
`,
  },
  {
    title: "Your First GitHub Actions Workflow",
    slug: "your-first-github-actions-workflow",
    category: "tutorials",
    author: "Lucas Moreau",
    excerpt:
      "Run your tests on every push and pull request in about twenty lines of YAML, then make it fast with caching and a version matrix.",
    publishedAt: "2025-08-19T10:00:00Z",
    imageUrl: "/images/articles/github-actions.svg",
    content: md`
Continuous integration sounds like infrastructure work, but for most projects it is a single file. In this tutorial we will add a GitHub Actions workflow that installs dependencies and runs the tests on every push and pull request, then improve it step by step.

## Step 1: create the workflow file

Workflows live in \`.github/workflows/\`. Create \`.github/workflows/ci.yml\`:

\`\`\`yaml
name: CI

on:
  push:
    branches: [main]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm ci
      - run: npm test
\`\`\`

Commit and push. Open the **Actions** tab of your repository and you will see the run. That is a working CI pipeline.

## Step 2: understand the pieces

- \`on\` lists the **events** that trigger the workflow: pushes to \`main\` and every pull request.
- A **job** runs on a fresh virtual machine (\`runs-on\`). Jobs run in parallel by default.
- **Steps** run in order. \`uses\` runs a reusable action; \`run\` runs a shell command.
- \`npm ci\` installs exactly what is in \`package-lock.json\` and fails if it is out of sync with \`package.json\`, which is what you want in CI.

## Step 3: cache dependencies

\`actions/setup-node\` can cache npm's download cache for you, keyed on the lockfile:

\`\`\`yaml
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
\`\`\`

Installs become noticeably faster on repeat runs.

## Step 4: test several Node versions

A **matrix** runs the same job with different parameters:

\`\`\`yaml
jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        node: [20, 22, 24]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node }}
          cache: npm
      - run: npm ci
      - run: npm test
\`\`\`

## Step 5: cancel outdated runs

If you push three commits in a row, you only care about the last one:

\`\`\`yaml
concurrency:
  group: ci-\${{ github.ref }}
  cancel-in-progress: true
\`\`\`

## Step 6: protect your main branch

In the repository settings, add a **branch protection rule** (or ruleset) for \`main\` that requires the CI check to pass before merging. Now a red build blocks the merge button, and "it works on my machine" stops being an argument.

## Security notes

- Pin third-party actions to a release tag at minimum, or to a full commit SHA for stronger guarantees.
- Set \`permissions: contents: read\` at the top of the workflow so the job's token cannot write to your repository unless it needs to.
- Pull requests from forks do not get your secrets, by design. Keep it that way.

You now have a CI pipeline that runs in parallel across versions, caches dependencies and guards your main branch. Most projects never need much more.
`,
  },
  {
    title: "Build a Debounced Search Input in React",
    slug: "build-a-debounced-search-input-in-react",
    category: "tutorials",
    author: "Maya Chen",
    excerpt:
      "Search as you type without hammering your API: build a reusable useDebouncedValue hook and handle out-of-order responses correctly.",
    publishedAt: "2026-09-08T15:00:00Z",
    content: md`
Search-as-you-type feels great for users and is surprisingly easy to get wrong. Fire a request on every keystroke and you send ten requests for a ten-letter word. Worse, responses can arrive out of order, so the results for "rea" overwrite the results for "react". In this tutorial we will build a search box that avoids both problems.

## Step 1: a plain controlled input

\`\`\`tsx
export function Search() {
  const [query, setQuery] = useState("");
  return (
    <label>
      Search articles
      <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
    </label>
  );
}
\`\`\`

## Step 2: a \`useDebouncedValue\` hook

**Debouncing** means waiting until the value has stopped changing for a while before acting on it. Here is a small hook that returns a delayed copy of any value:

\`\`\`tsx
import { useEffect, useState } from "react";

export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
\`\`\`

Every keystroke changes \`value\`, which runs the cleanup (cancelling the previous timer) and schedules a new one. Only when the user pauses for \`delay\` milliseconds does \`debounced\` update.

## Step 3: fetch when the debounced value changes

\`\`\`tsx
const debouncedQuery = useDebouncedValue(query.trim(), 300);
const [results, setResults] = useState<Article[]>([]);

useEffect(() => {
  if (!debouncedQuery) {
    setResults([]);
    return;
  }
  const controller = new AbortController();
  fetch(\`/api/search?q=\${encodeURIComponent(debouncedQuery)}\`, { signal: controller.signal })
    .then((response) => response.json())
    .then((data: Article[]) => setResults(data))
    .catch((error) => {
      if (error.name !== "AbortError") console.warn("Search failed", error);
    });
  return () => controller.abort();
}, [debouncedQuery]);
\`\`\`

The \`AbortController\` solves the ordering problem: when the query changes, the previous request is cancelled, so a stale response can never overwrite a fresh one. Always \`encodeURIComponent\` user input that goes into a URL.

## Step 4: announce results accessibly

Screen-reader users cannot see the list update. A polite live region announces the count without stealing focus:

\`\`\`tsx
<p aria-live="polite">
  {debouncedQuery ? \`\${results.length} result(s) for "\${debouncedQuery}"\` : ""}
</p>
\`\`\`

## Step 5: keep it working without JavaScript

Wrap the input in a real form that submits to your search page, for example \`<form action="/search">\` with \`name="q"\` on the input. Without JavaScript, pressing Enter performs a normal search; with JavaScript, the enhanced version shows results as you type. Progressive enhancement costs two attributes.

## Choosing the delay

- **150–300 ms** feels instant for local or fast APIs.
- **400–600 ms** is kinder to slow or expensive backends.
- Consider a minimum query length of two or three characters for large data sets.

That is the whole pattern: debounce the value, cancel stale requests, announce results and keep a real form underneath.
`,
  },
];
