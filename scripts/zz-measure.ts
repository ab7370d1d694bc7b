import { fork } from "node:child_process";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "~/db/db.server";

const rows = Array.from({ length: 12 }, (_, i) => ({
  id: i,
  slug: `some-article-${i}`,
  title: "A title of an article ".repeat(2),
  excerpt: "x".repeat(200),
  published_at: new Date(),
  reading_minutes: 7,
  snippet_html: "y".repeat(300),
}));
const N = 2000;
function pct(a: number[], p: number) {
  a.sort((x, y) => x - y);
  return a[Math.floor(a.length * p)]!.toFixed(3);
}

// 1. Round trip with a 12-row result: worker thread vs child process (advanced serialization).
{
  const w = new Worker(
    `const { parentPort } = require("node:worker_threads"); parentPort.on("message", (m) => parentPort.postMessage(m));`,
    { eval: true },
  );
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await new Promise((r) => {
      w.once("message", r);
      w.postMessage({ id: i, rows });
    });
    times.push(performance.now() - t);
  }
  console.log(`worker_thread round trip (12 rows): p50 ${pct(times, 0.5)} ms p99 ${pct(times, 0.99)} ms`);
  await w.terminate();
}
{
  const c = fork("/tmp/dbw-echo.cjs", [], {
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await new Promise((r) => {
      c.once("message", r);
      c.send({ id: i, rows });
    });
    times.push(performance.now() - t);
  }
  console.log(`child_process round trip (12 rows): p50 ${pct(times, 0.5)} ms p99 ${pct(times, 0.99)} ms`);
  c.kill();
}
// 2. select 1 and a small indexed read: PGlite in this thread vs in the worker.
const inline = await PGlite.create("memory://");
await inline.exec(
  "create table t (id int primary key, body text); insert into t select g, repeat('x', 300) from generate_series(1, 10000) g",
);
const handle = await openDatabase({ dataDir: "memory://" });
await handle.db.execute(sql`create table t (id int primary key, body text)`);
await handle.db.execute(sql`insert into t select g, repeat('x', 300) from generate_series(1, 10000) g`);
for (const [name, run] of [
  ["in-thread PGlite", (i: number) => inline.query("select id, body from t where id = $1", [(i % 10000) + 1])],
  ["worker PGlite   ", (i: number) => queryRows(handle.db, sql`select id, body from t where id = ${(i % 10000) + 1}`)],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  console.log(`${name} one-row read: p50 ${pct(times, 0.5)} ms p99 ${pct(times, 0.99)} ms`);
}
// 3. Timer lateness while a 0.5 s statement computes.
for (const [name, run] of [
  ["in-thread PGlite", () => inline.query("select count(*) from generate_series(1, 1500000) g where g % 7 = 3")],
  [
    "worker PGlite   ",
    () => queryRows(handle.db, sql`select count(*) from generate_series(1, 1500000) g where g % 7 = 3`),
  ],
] as const) {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 1);
    last = now;
  }, 1);
  const t = performance.now();
  await run();
  const took = performance.now() - t;
  worst = Math.max(worst, performance.now() - last - 1);
  clearInterval(timer);
  console.log(`${name} statement ${took.toFixed(0)} ms: worst timer lateness ${worst.toFixed(1)} ms`);
}
await inline.close();
await handle.close();
