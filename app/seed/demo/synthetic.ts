/**
 * Building blocks for synthetic benchmark articles: realistic developer prose assembled from
 * pools. Content choices come from a seeded PRNG; uniqueness of slugs is handled by the caller.
 */

/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const gerunds = [
  "Debugging",
  "Profiling",
  "Refactoring",
  "Testing",
  "Scaling",
  "Caching",
  "Monitoring",
  "Securing",
  "Deploying",
  "Migrating",
  "Optimizing",
  "Designing",
  "Type-Checking",
  "Benchmarking",
  "Documenting",
  "Simplifying",
];

const topics = [
  "Memory Leaks",
  "React Server Components",
  "Database Indexes",
  "Event Loops",
  "Feature Flags",
  "GraphQL Resolvers",
  "CSS Container Queries",
  "Web Workers",
  "Connection Pools",
  "Background Jobs",
  "Rate Limiters",
  "Monorepos",
  "API Gateways",
  "Form Validation Schemas",
  "Service Workers",
  "Docker Images",
  "Flaky Tests",
  "State Machines",
  "Hash Maps",
  "Binary Search Trees",
  "Webhooks",
  "TypeScript Generics",
  "Streaming Responses",
  "Build Pipelines",
  "Error Boundaries",
  "Design Tokens",
  "Full-Text Search Queries",
  "Cron Jobs",
  "Vector Embeddings",
  "Authentication Flows",
];

const contexts = [
  "Node.js Services",
  "Large React Apps",
  "Production",
  "a Legacy Codebase",
  "Serverless Functions",
  "PostgreSQL",
  "the Browser",
  "Small Teams",
  "CI Pipelines",
  "Kubernetes",
  "Mobile Web",
  "Microservices",
  "a Startup",
  "Open Source Projects",
];

const audiences = ["Frontend Developers", "Backend Teams", "Junior Developers", "Tech Leads", "Full-Stack Developers"];

const properNouns = new Set(["React", "TypeScript", "GraphQL", "Docker", "Node"]);

const titleTemplates: ((random: Random, topic: string) => string)[] = [
  (r, t) => `${pick(r, gerunds)} ${t} in ${pick(r, contexts)}`,
  (_, t) => `A Practical Guide to ${t}`,
  (r, t) => `${t}: Lessons from ${pick(r, contexts)}`,
  (r, t) => `What We Learned ${pick(r, gerunds)} ${t}`,
  (r, t) => `${between(r, 3, 9)} Mistakes to Avoid When ${pick(r, gerunds)} ${t}`,
  (r, t) => `Why ${t} Matter for ${pick(r, audiences)}`,
  (r, t) => `${pick(r, gerunds)} ${t} Without Losing Your Mind`,
];

const introParagraphs = [
  "Every team eventually runs into {topic}. It usually starts small: a slow page, a confusing bug report, a dashboard that looks slightly wrong. This article walks through how we approached it, what worked, and what we would do differently next time.",
  "There is a lot of advice about {topic} online, and most of it is either too abstract to apply or too specific to reuse. Here is the middle ground: a set of patterns we have used on real projects, with the trade-offs spelled out.",
  'When we first looked at {topic}, the honest answer to most questions was "it depends". After a few months of production traffic we have better answers, and a few opinions we did not expect to hold.',
  "This is a write-up of a problem that took us far longer to understand than to fix. The fix itself was a handful of lines; the interesting part is how we found it, and how {topic} made it harder to see.",
  "If you have ever shipped a change that passed every test and still broke something in production, you already know why {topic} deserve careful attention. Let's look at the problem from first principles.",
];

const bodyParagraphs = [
  "The first step is always to measure. Intuition about performance is notoriously unreliable, and the part of the code that *feels* slow is rarely the part that is. Capture a baseline before touching anything, so you can prove the change helped.",
  "A useful rule of thumb: make the common case fast and the rare case correct. Most requests follow the same few paths, and optimizing those gives you the biggest return for the least complexity.",
  "It helps to write down the invariants explicitly. What must always be true before and after this function runs? Once the invariants are written, the tests almost write themselves, and reviewers have something concrete to check against.",
  "We deliberately kept the first version boring. No clever abstractions, no generic framework, just the simplest code that handled the cases we had. Abstractions are cheaper to add later than to remove.",
  "Logging turned out to be more valuable than any debugger. A structured log line with a request id, the input size and the elapsed time told us more in one afternoon than a week of stepping through code.",
  "The trade-off here is **latency versus consistency**. You can answer immediately from a cache and occasionally serve stale data, or you can go to the source of truth every time and pay for it in response time. Neither is wrong; pick deliberately.",
  'Be careful with defaults. A timeout of zero often means "wait forever", a missing limit often means "return everything", and an empty configuration file is frequently valid but wrong. Make the safe choice the default.',
  "Code review caught most of the subtle issues, but only once we changed what we were reviewing. Instead of reading diffs line by line, we started asking one question per change: what happens when this fails halfway through?",
  "Error handling deserves the same care as the happy path. Decide up front which errors are expected and should be shown to the user, and which are bugs that should be reported loudly and fixed.",
  "We measured again after the change. The median barely moved, but the 99th percentile dropped dramatically, which is exactly what users notice: not the average request, but the slowest one they personally hit.",
  "A surprising amount of the complexity came from handling time. Time zones, daylight saving transitions and clocks that drift between machines all conspired against us. Store timestamps in UTC and convert only at the edges.",
  "Documentation was the unglamorous part that paid off the most. A short README explaining *why* the system works the way it does saved every new team member a day of archaeology.",
  "Resist the urge to handle every edge case on day one. Write them down, decide which ones can actually happen, and add tests for those. The rest can wait until someone reports them.",
  "The most effective change was also the smallest: moving a piece of work out of the request path and into a background job. Users stopped waiting on something they never needed to wait for.",
  "Testing this properly required a realistic data set. Ten rows in a development database hide almost every performance problem; a few hundred thousand rows reveal them immediately.",
  "Naming mattered more than expected. Once we renamed the module to describe what it does rather than how it does it, half of the questions in code review disappeared.",
  "Feature flags let us ship the new path to a small percentage of traffic first. When something looked off, turning it off took seconds instead of a rollback and a redeploy.",
  "Dependencies are a liability as well as an asset. Each package you add is code you did not write, will not review, and still have to upgrade. Add them when they save real work, not to avoid writing ten lines.",
  "The final design is less clever than our first attempt and much easier to operate. That is usually a good sign: the best production systems are the ones nobody has to think about at three in the morning.",
  "Accessibility was not an afterthought here. Keyboard navigation, visible focus styles and meaningful labels were part of the definition of done, and testing with a screen reader caught two real bugs.",
  "Concurrency bugs are hard because they are rare. We reproduced ours by running the same test a thousand times in a loop with artificial delays, which turned a once-a-week failure into a once-a-minute one.",
  "Observability is what turns a mystery into a bug report. Metrics told us *that* something was slow, traces told us *where*, and logs told us *why*. You need all three.",
  "One lesson we keep relearning: the database is usually faster than you think, and the network is usually slower. Fewer round trips beat clever application-side caching most of the time.",
  "Security reviews were easier because the boundaries were explicit. Every input crossing a trust boundary is validated in exactly one place, so there is exactly one place to audit.",
];

const listBlocks = [
  "A few things to check before going further:\n\n- Is there a reproducible test case?\n- Do you have metrics from before the change?\n- Who gets paged if this goes wrong?\n- Can the change be rolled back without a migration?",
  "Our checklist, in order:\n\n1. Reproduce the problem locally.\n2. Write a failing test that captures it.\n3. Make the smallest change that fixes it.\n4. Measure again under realistic load.\n5. Document what you learned.",
  "The pitfalls we hit most often:\n\n- Forgetting to handle the empty case.\n- Assuming the input is already validated.\n- Caching errors along with successful results.\n- Letting retries pile up without backoff.",
  "What made the biggest difference:\n\n1. **Smaller pull requests**, reviewed the same day.\n2. **Structured logs** with a request id on every line.\n3. **Load tests** against production-sized data.",
];

const headings = [
  "Why this matters",
  "The naive approach",
  "A better approach",
  "Measuring the difference",
  "Edge cases",
  "Putting it into production",
  "Trade-offs",
  "Common pitfalls",
  "Testing strategy",
  "What we would do differently",
  "How it works",
  "Getting started",
];

const subheadings = [
  "A quick example",
  "Under the hood",
  "When not to use it",
  "Handling failures",
  "Performance notes",
];

const snippets = [
  "```ts\nexport async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {\n  let lastError: unknown;\n  for (let i = 0; i < attempts; i++) {\n    try {\n      return await fn();\n    } catch (error) {\n      lastError = error;\n      await new Promise((resolve) => setTimeout(resolve, 2 ** i * 100));\n    }\n  }\n  throw lastError;\n}\n```",
  "```js\nconst cache = new Map();\n\nexport function memoize(fn) {\n  return (key) => {\n    if (!cache.has(key)) cache.set(key, fn(key));\n    return cache.get(key);\n  };\n}\n```",
  "```sql\nCREATE INDEX CONCURRENTLY orders_customer_created_idx\n  ON orders (customer_id, created_at DESC);\n\nEXPLAIN ANALYZE\nSELECT id, total FROM orders\nWHERE customer_id = 42\nORDER BY created_at DESC\nLIMIT 20;\n```",
  "```bash\n# Run the suite 200 times and stop at the first failure\nfor i in $(seq 1 200); do\n  npm test -- --run tests/queue.test.ts || break\ndone\n```",
  "```python\nfrom collections import deque\n\ndef bfs(graph, start):\n    seen = {start}\n    queue = deque([start])\n    while queue:\n        node = queue.popleft()\n        for nxt in graph[node]:\n            if nxt not in seen:\n                seen.add(nxt)\n                queue.append(nxt)\n    return seen\n```",
  '```json\n{\n  "compilerOptions": {\n    "strict": true,\n    "noUncheckedIndexedAccess": true,\n    "moduleResolution": "Bundler"\n  }\n}\n```',
  "```css\n.card-grid {\n  display: grid;\n  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));\n  gap: 1.5rem;\n}\n```",
  "```tsx\nexport function Counter({ initial = 0 }: { initial?: number }) {\n  const [count, setCount] = useState(initial);\n  return <button onClick={() => setCount((c) => c + 1)}>Clicked {count} times</button>;\n}\n```",
  "```yaml\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm test\n```",
];

export type SyntheticArticle = { title: string; content: string; excerpt: string };

function firstSentences(text: string, max = 2): string {
  const sentences = text.match(/[^.!?]+[.!?]+/g) ?? [text];
  return sentences.slice(0, max).join("").trim();
}

/** One realistic article: intro, then sections with ## / ### headings, 4–12 paragraphs, 0–2 code blocks. */
export function generateSyntheticArticle(random: Random): SyntheticArticle {
  const topicName = pick(random, topics);
  const title = pick(random, titleTemplates)(random, topicName);
  // Keep acronyms and proper names (React, CSS, PostgreSQL) as written, lower-case the rest.
  const topic = topicName
    .split(" ")
    .map((word) =>
      /^[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*$/.test(word) && !properNouns.has(word) ? word.toLowerCase() : word,
    )
    .join(" ");
  const fill = (text: string) => text.replaceAll("{topic}", topic);

  const paragraphCount = between(random, 4, 12);
  const codeCount = between(random, 0, 2);
  const intro = fill(pick(random, introParagraphs));
  const blocks: string[] = [intro];

  // Shuffle a copy of the pool so paragraphs within one article do not repeat.
  const pool = [...bodyParagraphs];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const usedHeadings = new Set<string>();
  const unused = (items: readonly string[]) => {
    const left = items.filter((item) => !usedHeadings.has(item));
    const choice = left.length > 0 ? pick(random, left) : pick(random, items);
    usedHeadings.add(choice);
    return choice;
  };
  let codeLeft = codeCount;
  for (let i = 1; i < paragraphCount; i++) {
    if (i % 3 === 1) {
      blocks.push(`## ${unused(headings)}`);
    } else if (random() < 0.25) {
      blocks.push(`### ${unused(subheadings)}`);
    }
    blocks.push(fill(pool[(i - 1) % pool.length]!));
    if (codeLeft > 0 && random() < 0.4) {
      blocks.push(pick(random, snippets));
      codeLeft--;
    } else if (random() < 0.12) {
      blocks.push(pick(random, listBlocks));
    }
  }
  if (codeLeft > 0) blocks.push(pick(random, snippets));

  return { title, content: blocks.join("\n\n"), excerpt: firstSentences(intro) };
}
