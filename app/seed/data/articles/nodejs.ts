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
];
