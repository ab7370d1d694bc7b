import { md } from "../md";
import type { SeedArticle } from "../types";

export const nodejsArticles: SeedArticle[] = [
  {
    title: "Streams in Node.js: Backpressure Explained",
    slug: "nodejs-streams-backpressure-explained",
    category: "nodejs",
    author: "Daniel Okafor",
    excerpt:
      "Streams let Node process gigabytes with megabytes of memory, but only if you respect backpressure. Here is what it is and how pipeline() handles it for you.",
    publishedAt: "2025-06-24T09:00:00Z",
    imageUrl: "/images/articles/node-streams.svg",
    content: md`
A Node.js service that reads a 4 GB log file with \`fs.readFile\` needs at least 4 GB of memory, and will probably crash long before it gets there. The same service using streams can process the file in a few dozen megabytes. Streams are one of Node's oldest and most powerful features, and also one of the most misused. The concept that separates working stream code from code that leaks memory under load is **backpressure**.

## The four kinds of streams

- **Readable**: a source of data, such as \`fs.createReadStream\`, an HTTP request on the server, or \`process.stdin\`.
- **Writable**: a destination, such as a file, an HTTP response or \`process.stdout\`.
- **Duplex**: both readable and writable, independently, like a TCP socket.
- **Transform**: a duplex stream whose output is computed from its input, such as gzip compression or a CSV parser.

Data moves in **chunks**, by default \`Buffer\`s of up to 64 KiB for file streams. Each stream has an internal buffer whose size limit is its \`highWaterMark\`.

## What backpressure is

Imagine reading from a fast SSD and writing to a slow network connection. The reader can produce data far faster than the writer can consume it. If nothing slows the reader down, the data piles up in memory until the process runs out.

Backpressure is the mechanism that slows it down. A writable stream signals when its buffer is full, and a well-behaved producer **stops producing** until the stream signals that it has drained.

## Doing it by hand

The signal is the return value of \`write()\`:

\`\`\`js
import { createReadStream, createWriteStream } from "node:fs";

const source = createReadStream("huge.log");
const destination = createWriteStream("copy.log");

source.on("data", (chunk) => {
  const canContinue = destination.write(chunk);
  if (!canContinue) {
    source.pause();                                   // buffer full: stop reading
    destination.once("drain", () => source.resume()); // resume when flushed
  }
});
source.on("end", () => destination.end());
\`\`\`

\`write()\` returns \`false\` when the writable's buffer has reached its \`highWaterMark\`. The chunk is still accepted, since data is never dropped, but you are being asked to wait for the \`drain\` event. Ignoring that return value is the single most common stream bug: everything works in development with small files, then memory climbs steadily in production.

Notice also what this code does **not** handle: errors. If the read fails halfway, the write stream stays open forever. If the write fails, the read keeps going. Getting cleanup right by hand is tedious, which brings us to the function you should use instead.

## \`pipeline\` does it for you

\`pipeline\` from \`node:stream/promises\` connects streams, handles backpressure between every pair, propagates errors and destroys every stream on failure:

\`\`\`js
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

await pipeline(
  createReadStream("huge.log"),
  createGzip(),
  createWriteStream("huge.log.gz"),
);
console.log("Compressed.");
\`\`\`

Three lines, constant memory, correct cleanup. Prefer \`pipeline\` over the older \`.pipe()\` method, which handles backpressure but **does not** forward errors or clean up the other streams when one fails.

## Async iteration and generators

Readable streams are async iterables, and \`pipeline\` accepts async generator functions as transform steps. This is often the most readable way to write custom processing:

\`\`\`js
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createInterface } from "node:readline";

await pipeline(
  createReadStream("access.log"),
  async function* (source) {
    const lines = createInterface({ input: source, crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.includes(" 500 ")) yield \`\${line}\n\`;
    }
  },
  createWriteStream("errors.log"),
);
\`\`\`

Backpressure still works here: \`for await\` pulls the next line only after the previous \`yield\` has been consumed, and \`yield\` waits while the destination is full.

## Object mode

Streams normally carry bytes, but with \`objectMode: true\` each chunk can be any JavaScript value, and \`highWaterMark\` counts objects instead of bytes. This is useful for pipelines of parsed records:

\`\`\`js
import { Transform } from "node:stream";

const toJsonLines = new Transform({
  objectMode: true,
  transform(record, _encoding, callback) {
    callback(null, \`\${JSON.stringify(record)}\n\`);
  },
});
\`\`\`

## Streaming HTTP responses

An HTTP response is a writable stream, so you can stream a large export straight from a database cursor to the client without ever holding the whole result in memory:

\`\`\`js
import { pipeline } from "node:stream/promises";

app.get("/export.csv", async (req, res) => {
  res.setHeader("Content-Type", "text/csv");
  await pipeline(db.streamRows("SELECT * FROM orders"), toCsv(), res);
});
\`\`\`

If the client disconnects, \`pipeline\` destroys the source stream, which releases the database cursor. That is exactly the kind of cleanup that is easy to forget when wiring streams by hand.

## Web Streams

Node also implements the **WHATWG Web Streams** API (\`ReadableStream\`, \`WritableStream\`, \`TransformStream\`), which is what \`fetch\` uses. Conversions exist in both directions: \`Readable.fromWeb()\` and \`Readable.toWeb()\`. Use Web Streams when code must run in browsers, Deno or edge runtimes; use Node streams when working with Node's own APIs. Both implement backpressure.

## Checklist

- Never ignore the return value of \`write()\` in hand-written producers.
- Use \`pipeline\` from \`node:stream/promises\` instead of \`.pipe()\`.
- Prefer async generators for custom transforms.
- Test with a file larger than your available memory, or at least watch the process's memory while streaming a big one.

Streams reward a little understanding with enormous efficiency. Respect backpressure, let \`pipeline\` handle the plumbing, and your services will process data of any size in a flat, predictable amount of memory.
`,
  },
  {
    title: "Worker Threads for CPU-Bound Work in Node.js",
    slug: "worker-threads-for-cpu-bound-work",
    category: "nodejs",
    author: "Daniel Okafor",
    excerpt:
      "Node's event loop is great at waiting and bad at computing. Worker threads move heavy computation off the main thread so your server keeps responding.",
    publishedAt: "2026-04-07T10:00:00Z",
    imageUrl: "/images/articles/worker-threads.svg",
    content: md`
Node.js handles thousands of concurrent connections on a single thread because most of what a web server does is **wait**: for the database, for the network, for the disk. Waiting is cheap. Computing is not. One request that spends 500 ms resizing an image or hashing a large file blocks every other request for those 500 ms.

**Worker threads** give you real parallelism: separate JavaScript threads, each with its own event loop and heap, running on other CPU cores.

## A minimal worker

\`\`\`js
// main.js
import { Worker } from "node:worker_threads";

function runInWorker(data) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./fib-worker.js", import.meta.url), { workerData: data });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(\`Worker stopped with exit code \${code}\`));
    });
  });
}

console.log(await runInWorker(40));
\`\`\`

\`\`\`js
// fib-worker.js
import { parentPort, workerData } from "node:worker_threads";

function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

parentPort.postMessage(fib(workerData));
\`\`\`

While the worker computes, the main thread keeps serving requests.

## Use a pool, not one worker per task

Starting a worker costs a few milliseconds and several megabytes of memory, since each one boots its own V8 isolate. For a server, create a **pool** of long-lived workers, usually one per available core minus one (\`os.availableParallelism() - 1\`), and send tasks to whichever is free. Libraries like Piscina implement this well; writing a simple pool yourself is also a good exercise.

## Passing data efficiently

Messages are copied with the structured clone algorithm. For large binary data, **transfer** the underlying \`ArrayBuffer\` instead, which moves ownership without copying:

\`\`\`js
worker.postMessage({ pixels }, [pixels.buffer]); // pixels is unusable here afterwards
\`\`\`

\`SharedArrayBuffer\` goes further and lets threads read and write the same memory, coordinated with \`Atomics\`. It is powerful and easy to get wrong; reach for it only when copying is measurably the bottleneck.

## When not to use workers

- **I/O-bound work.** Database queries and HTTP calls already run asynchronously; a worker adds overhead and no benefit.
- **Tiny tasks.** If the computation takes less time than sending the message, keep it on the main thread.
- **Work that belongs in another service.** Video transcoding or ML inference often scales better as a separate job queue with its own machines.

A good rule: if a profile shows a single synchronous function regularly blocking the event loop for more than a few tens of milliseconds, and it cannot be made cheaper, move it to a worker pool.
`,
  },
  {
    title: "Graceful Shutdown for Node.js Services",
    slug: "graceful-shutdown-for-nodejs-services",
    category: "nodejs",
    author: "Daniel Okafor",
    excerpt:
      "Every deploy stops your process. Handle SIGTERM properly and in-flight requests finish, connections close cleanly and users never notice.",
    publishedAt: "2025-09-02T14:00:00Z",
    content: md`
Every deployment, autoscaling event and container restart stops your Node.js process. If the process simply dies, in-flight requests fail, database transactions are rolled back mid-way and queue messages are redelivered. A **graceful shutdown** turns that into a non-event.

## The signal you need to handle

Orchestrators like Kubernetes, Docker and systemd stop a process by sending **SIGTERM**, waiting for a grace period (30 seconds by default in Kubernetes, 10 in Docker), and then sending **SIGKILL**, which cannot be caught. Your job is to finish cleanly inside the grace period.

\`\`\`js
import http from "node:http";

const server = http.createServer(app);
server.listen(3000);

let shuttingDown = false;

async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(\`\${signal} received, shutting down\`);

  // Hard deadline: never hang past the grace period.
  setTimeout(() => process.exit(1), 20_000).unref();

  // 1. Stop accepting new connections; wait for in-flight requests.
  server.close();
  server.closeIdleConnections();
  await new Promise((resolve) => server.once("close", resolve));

  // 2. Release resources.
  await db.end();
  await queue.close();

  process.exit(0);
}

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
\`\`\`

## Why \`closeIdleConnections\` matters

\`server.close()\` stops accepting new connections, but HTTP keep-alive connections that are idle stay open, and \`close\` waits for them. \`closeIdleConnections()\` (Node 18.2+) closes the idle ones immediately while letting active requests finish.

## Fail readiness first

Behind a load balancer there is a race: the orchestrator sends SIGTERM at about the same time it removes your instance from rotation, and a few requests may still arrive. A common pattern is to make your **readiness** endpoint return 503 as soon as shutdown starts, wait a few seconds for the load balancer to notice, and only then close the server.

## Don't forget background work

- Stop pulling new jobs from queues, and let current jobs finish or return them to the queue.
- Clear intervals and cancel scheduled timers.
- Flush logs and metrics buffers; they are often the first thing lost in an abrupt exit.

## Run Node as the main process

In containers, start Node directly (\`CMD ["node", "server.js"]\`) rather than through \`npm start\` or a shell script. Otherwise the signal may be delivered to npm or the shell, which does not always forward it, and your carefully written handler never runs.

Test it: start your service, send a slow request, run \`kill -TERM <pid>\`, and confirm that the request completes before the process exits.
`,
  },
  {
    // Uses every writer's-toolkit feature (issue 26): titled, numbered and highlighted code, a
    // language diff, Shiki notation, terminal sessions, all five callouts, math and footnotes.
    title: "Rate Limiting an API with a Token Bucket",
    slug: "rate-limiting-an-api-with-a-token-bucket",
    category: "nodejs",
    author: "Daniel Okafor",
    excerpt:
      "Build a token bucket rate limiter in Node.js: the arithmetic behind bursts and refills, proper 429 answers, and a Redis version that several instances share.",
    publishedAt: "2025-11-18T09:00:00Z",
    content: md`
Every public API eventually meets a client that sends too much: a retry loop without a backoff, a scraper, a script someone left running over the weekend. A rate limiter decides, request by request, whether to serve or to answer \`429 Too Many Requests\`. This tutorial builds one in Node.js with the **token bucket** algorithm, explains the little bit of arithmetic behind it, and then moves its state into Redis so several instances share one limit.

> [!NOTE]
> The code targets Node.js 22 or later and TypeScript 5. Nothing here needs a framework: the limiter is a plain function you can call from Express, Fastify or a bare \`node:http\` handler.

## How a token bucket works

Picture a bucket that holds at most $C$ tokens. Tokens drip in at a steady rate of $r$ per second, and every request takes one out. When the bucket is empty, the request is refused. Two numbers describe the whole policy: the *capacity* $C$ allows short bursts, and the *refill rate* $r$ is the long-run average a client can sustain.[^leaky]

You never need a timer to add tokens. When a request arrives at time $t$, compute how many tokens the bucket would have gained since the last request at $t_0$, and cap the result at the capacity:

$$
\text{tokens}(t) = \min\left(C,\ \text{tokens}(t_0) + r \cdot (t - t_0)\right)
$$

A client that has been quiet gets a full bucket, so it may send $C$ requests at once; after that it is held to $r$ requests per second. Over any window of length $T$, it can never send more than $C + r \cdot T$ requests, which is the guarantee you advertise in your API documentation.

When a request is refused, tell the client how long to wait. It needs one whole token, so the wait is

$$
\text{retry after} = \left\lceil \frac{1 - \text{tokens}(t)}{r} \right\rceil \text{ seconds}
$$

> [!TIP]
> Pick $C$ from the burst you want to allow (a page load that fires ten requests at once) and $r$ from the sustained load one client may put on you. A capacity of 20 with a refill rate of 5 per second suits most JSON APIs.

## A limiter in memory

Start with a version that keeps its buckets in a \`Map\`. It is correct for a single process and makes the algorithm easy to test.

\`\`\`ts title="src/rate-limit.ts" {12-17} showLineNumbers
export type Policy = { capacity: number; refillPerSecond: number };
export type Decision = { allowed: boolean; remaining: number; retryAfterSeconds: number };

type Bucket = { tokens: number; updatedAt: number };

const buckets = new Map<string, Bucket>();

export function take(key: string, policy: Policy, now = Date.now()): Decision {
  const bucket = buckets.get(key) ?? { tokens: policy.capacity, updatedAt: now };
  const elapsedSeconds = Math.max(0, now - bucket.updatedAt) / 1000;

  // Refill for the time that passed, never beyond the capacity.
  const tokens = Math.min(policy.capacity, bucket.tokens + elapsedSeconds * policy.refillPerSecond);
  const allowed = tokens >= 1;
  const left = allowed ? tokens - 1 : tokens;
  buckets.set(key, { tokens: left, updatedAt: now });
  const retryAfterSeconds = allowed ? 0 : Math.ceil((1 - left) / policy.refillPerSecond);

  return { allowed, remaining: Math.floor(left), retryAfterSeconds };
}
\`\`\`

The highlighted lines are the whole algorithm: refill, compare, take. Everything else is bookkeeping. The key is whatever identifies a client: an API key, a user id, or the client's IP address when nobody is signed in.

> [!IMPORTANT]
> Never key anonymous traffic on the \`X-Forwarded-For\` header unless your own proxy sets it. A client can send any value it likes and get a fresh bucket with every request.

## Answering 429 properly

A refusal should say what happened and when to try again. Wire the limiter into the request handler and send the standard headers:

\`\`\`ts title="src/server.ts"
import { createServer } from "node:http";
import { take } from "./rate-limit.js";

const policy = { capacity: 20, refillPerSecond: 5 };

createServer((request, response) => {
  const decision = take(request.socket.remoteAddress ?? "unknown", policy);
  response.setHeader("RateLimit-Remaining", String(decision.remaining));
  if (!decision.allowed) {
    response.writeHead(429, { "Retry-After": String(decision.retryAfterSeconds) }); // [!code highlight]
    response.end("Too many requests, slow down.\n");
    return;
  }
  response.end("ok\n");
}).listen(3000);
\`\`\`

Then watch it work. The loop below sends 25 requests as fast as \`curl\` can: the first 20 empty the bucket, the rest are refused until tokens drip back in.

\`\`\`console
$ node --experimental-strip-types src/server.ts &
[1] 48213
$ for i in $(seq 1 25); do curl -s -o /dev/null -w "%{http_code} " localhost:3000; done; echo
200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 200 429 429 429 429 429
$ curl -si localhost:3000 | grep -i retry-after
Retry-After: 1
\`\`\`

## Sharing one limit between instances

The \`Map\` lives in one process. Run two instances behind a load balancer and every client silently gets twice the limit; run ten and the limit is meaningless. The state has to move somewhere all instances share, and the read-refill-write sequence has to happen atomically, or two instances will both see the last token and both spend it.

Redis runs a Lua script atomically, so the whole decision becomes one round trip. Here is the change to the limiter: \`take\` becomes asynchronous and sends the arithmetic to Redis.

\`\`\`diff-ts title="src/rate-limit.ts"
-const buckets = new Map<string, Bucket>();
+import { createClient } from "redis";
+
+const redis = await createClient({ url: process.env.REDIS_URL }).connect();
+const script = await readFile(new URL("./take.lua", import.meta.url), "utf8");
 
-export function take(key: string, policy: Policy, now = Date.now()): Decision {
-  const bucket = buckets.get(key) ?? { tokens: policy.capacity, updatedAt: now };
+export async function take(key: string, policy: Policy, now = Date.now()): Promise<Decision> {
+  const [allowed, remaining, retryAfterSeconds] = (await redis.eval(script, {
+    keys: [\`bucket:\${key}\`],
+    arguments: [String(policy.capacity), String(policy.refillPerSecond), String(now)],
+  })) as [number, number, number];
+  return { allowed: allowed === 1, remaining, retryAfterSeconds };
 }
\`\`\`

The script itself is the same three steps as before. Keys expire once a bucket would be full again, so idle clients cost nothing:

\`\`\`lua title="src/take.lua"
local capacity, rate, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local bucket = redis.call("HMGET", KEYS[1], "tokens", "updated_at")
local tokens = tonumber(bucket[1]) or capacity
local elapsed = math.max(0, now - (tonumber(bucket[2]) or now)) / 1000
tokens = math.min(capacity, tokens + elapsed * rate)
local allowed = tokens >= 1 and 1 or 0
if allowed == 1 then tokens = tokens - 1 end
redis.call("HSET", KEYS[1], "tokens", tokens, "updated_at", now)
redis.call("PEXPIRE", KEYS[1], math.ceil((capacity - tokens) / rate * 1000))
return { allowed, math.floor(tokens), allowed == 1 and 0 or math.ceil((1 - tokens) / rate) }
\`\`\`

> [!WARNING]
> Pass the time in from the application, as above, only if your servers' clocks are synchronised. If they drift, call \`redis.call("TIME")\` inside the script instead, so every instance uses the same clock.

## Testing the limiter

Because \`take\` accepts the current time as a parameter, tests never sleep. Move the clock forward by hand and check each boundary: the burst, the refusal, and the refill.

\`\`\`ts title="test/rate-limit.test.ts"
import { expect, test } from "vitest";
import { take } from "../src/rate-limit.js";

test("allows a burst of capacity, then refills at the rate", () => {
  const policy = { capacity: 3, refillPerSecond: 1 };
  const start = 1_000_000;
  for (let i = 0; i < 3; i++) expect(take("a", policy, start).allowed).toBe(true);
  expect(take("a", policy, start)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
  expect(take("a", policy, start + 1_000).allowed).toBe(true); // one token back after a second
});
\`\`\`

Run it with the rest of the suite:

\`\`\`shell-session
$ npx vitest run test/rate-limit.test.ts
 ✓ test/rate-limit.test.ts (1 test) 3ms
 Test Files  1 passed (1)
\`\`\`

> [!CAUTION]
> A rate limiter is not a security boundary against a determined attacker with many addresses. Put it in front of expensive endpoints to keep the service fair and available, and use your provider's network-level protection for floods.

## Where to go from here

You now have a limiter that allows bursts, holds clients to an average, tells them when to come back, and works across instances. Two refinements are worth the effort later: different policies per plan (pass the policy in from the API key's record), and a second, stricter bucket for expensive operations such as search or exports, checked in addition to the general one.[^costs]

[^leaky]: The closely related *leaky bucket* drains requests at a fixed rate instead of refilling tokens. For deciding whether to accept a request the two are equivalent; the token bucket is easier to reason about when you want to allow bursts.

[^costs]: A request can also take more than one token. Charging an export 10 tokens and a read 1 lets one bucket express that some work costs more.
`,
  },
];
