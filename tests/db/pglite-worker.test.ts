/**
 * The embedded database in its own thread (app/db/pglite-worker.server.ts, decision 15) and the
 * bounded queue in front of the database (app/db/queue.server.ts).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows } from "~/db/db.server";
import { isUniqueViolation } from "~/db/pg-error.server";
import {
  BACKGROUND_MAX_WAIT_MS,
  databaseQueueLimit,
  DatabaseBusyError,
  MAX_EXPECTED_WAIT_MS,
  databaseQueueStats,
  inBackground,
  isDatabaseBusyError,
  withDatabaseQueue,
} from "~/db/queue.server";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: "memory://" });
  await handle.db.execute(sql`create table worker_test (id int primary key, note text)`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

/** A statement that computes for a while inside the database. */
const slowStatement = sql`select count(*)::int as n from generate_series(1, 500000) g where g % 7 = 3`;

describe("the embedded database's thread", () => {
  it("keeps this thread's event loop free while a statement computes", async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    const [row] = await queryRows<{ n: number }>(handle.db, slowStatement);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(row!.n).toBe(71429);
    // The statement took a while, and the timers kept firing meanwhile (in this thread, PGlite
    // would hold them all until the end: no tick, one gap as long as the statement). Counted
    // loosely: on a busy machine this thread itself gets the CPU less often.
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(longestGap).toBeLessThan(elapsed / 2);
  });

  it("keeps a transaction interactive: other statements wait for its commit", async () => {
    const events: string[] = [];
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_test values (1, 'inside')`);
      events.push("inserted");
      // Code between the transaction's statements (the thread is pinned meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await queryRows<{ n: number }>(tx as never, sql`select count(*)::int as n from worker_test`);
      events.push(`counted ${row!.n}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const outside = queryRows<{ note: string }>(handle.db, sql`select note from worker_test where id = 1`).then(
      (rows) => {
        events.push(`outside saw ${rows[0]?.note ?? "nothing"}`);
      },
    );
    await Promise.all([transaction, outside]);
    expect(events).toEqual(["inserted", "counted 1", "outside saw inside"]);
  });

  it("rolls a failed transaction back and goes on serving", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_test values (2, 'rolled back')`);
        await tx.execute(sql`insert into worker_test values (2, 'duplicate')`);
      }),
    ).rejects.toThrow();
    const rows = await queryRows<{ id: number }>(handle.db, sql`select id from worker_test where id = 2`);
    expect(rows).toEqual([]);
  });

  it("keeps a database error's fields (code, constraint)", async () => {
    const error = await handle.db
      .execute(sql`insert into worker_test values (1, 'again')`)
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe("worker_test_pkey");
  });

  it("returns values as PGlite parses them (numbers, JSON, bytes, dates as Drizzle asks)", async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select 42::int8 as big, '{"a":[1,2]}'::jsonb as doc, '\\x0102ff'::bytea as bytes, true as yes, null::text as nothing`,
    );
    expect(row).toEqual({ big: 42, doc: { a: [1, 2] }, bytes: new Uint8Array([1, 2, 255]), yes: true, nothing: null });
  });

  it("refuses a parameter it cannot send to the thread, and goes on serving", async () => {
    const notCloneable = () => "a function";
    await expect(queryRows(handle.db, sql`select ${notCloneable}::text as x`)).rejects.toThrow();
    await expect(queryRows(handle.db, sql`select ${"fine"}::text as x`)).resolves.toEqual([{ x: "fine" }]);
  });

  it("serves the oldest request's statements first", async () => {
    const order: string[] = [];
    let releaseA!: () => void;
    let releaseB!: () => void;
    const gateA = new Promise<void>((resolve) => {
      releaseA = resolve;
    });
    const gateB = new Promise<void>((resolve) => {
      releaseB = resolve;
    });
    // Request A is admitted before request B; both wait for their go.
    const requestA = withDatabaseQueue(async () => {
      await gateA;
      await queryRows(handle.db, sql`select 'a'`);
      order.push("a");
    });
    const requestB = withDatabaseQueue(async () => {
      await gateB;
      await queryRows(handle.db, sql`select 'b'`);
      order.push("b");
    });
    // A statement keeps the database busy while B, then A, ask for their turn.
    const busy = queryRows(handle.db, slowStatement);
    releaseB();
    await new Promise((resolve) => setTimeout(resolve, 5));
    releaseA();
    await Promise.all([busy, requestA, requestB]);
    expect(order).toEqual(["a", "b"]);
  });
});

describe("background work (decision 27)", () => {
  it("lets a waiting request statement go before background work that asked earlier", async () => {
    const order: string[] = [];
    const busy = queryRows(handle.db, slowStatement);
    // Background work asks first, a request second, while the database is busy.
    const background = inBackground(async () => {
      await queryRows(handle.db, sql`select 'background'`);
      order.push("background");
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const request = withDatabaseQueue(async () => {
      await queryRows(handle.db, sql`select 'request'`);
      order.push("request");
    });
    await Promise.all([busy, background, request]);
    expect(order).toEqual(["request", "background"]);
  });

  it("does not start a background transaction while a request runs, until the request ends", async () => {
    const order: string[] = [];
    let finish!: () => void;
    const requestDone = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const request = withDatabaseQueue(async () => {
      await queryRows(handle.db, sql`select 'first'`);
      order.push("request: first statement");
      // The request's own code between statements (rendering…): the database is free meanwhile.
      await requestDone;
      await queryRows(handle.db, sql`select 'second'`);
      order.push("request: second statement");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const background = inBackground(() =>
      handle.db.transaction(async (tx) => {
        order.push("background: began");
        await tx.execute(sql`select 1`);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    finish();
    await Promise.all([request, background]);
    expect(order).toEqual(["request: first statement", "request: second statement", "background: began"]);
  });

  it("runs background work anyway once it has waited its longest, while requests keep running", async () => {
    let finish!: () => void;
    const requestDone = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const request = withDatabaseQueue(() => requestDone);
    const started = performance.now();
    await inBackground(() => queryRows(handle.db, sql`select 'background'`));
    const waited = performance.now() - started;
    finish();
    await request;
    expect(waited).toBeGreaterThanOrEqual(BACKGROUND_MAX_WAIT_MS - 5);
    expect(waited).toBeLessThan(BACKGROUND_MAX_WAIT_MS + 1000);
  });

  it("still counts a request as running when it wakes background work that is not its own (a worker)", async () => {
    const order: string[] = [];
    let finish!: () => void;
    const requestDone = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let worker: Promise<void> = Promise.resolve();
    const request = withDatabaseQueue(async () => {
      worker = inBackground(async () => {
        await queryRows(handle.db, sql`select 'worker'`);
        order.push("worker");
      });
      await requestDone;
      order.push("request done");
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    finish();
    await request;
    await worker;
    expect(order).toEqual(["request done", "worker"]);
  });

  it("does not let a request hold back the background work it hands its own work to (an import)", async () => {
    const started = performance.now();
    await withDatabaseQueue(() =>
      inBackground(() => queryRows(handle.db, sql`select 'import batch'`), { releasesRequest: true }),
    );
    expect(performance.now() - started).toBeLessThan(BACKGROUND_MAX_WAIT_MS);
  });
});

describe("the database queue", () => {
  it("admits a bounded number of requests and refuses the next one at once", async () => {
    const before = databaseQueueStats();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const admitted = Array.from({ length: databaseQueueLimit() }, () => withDatabaseQueue(() => gate));
    expect(databaseQueueStats().depth).toBe(databaseQueueLimit());
    const started = performance.now();
    const refused = await withDatabaseQueue(async () => "ran").catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(DatabaseBusyError);
    expect(isDatabaseBusyError(refused)).toBe(true);
    expect((refused as DatabaseBusyError).retryAfterSeconds).toBeGreaterThan(0);
    release();
    await Promise.all(admitted);
    const after = databaseQueueStats();
    expect(after.depth).toBe(0);
    expect(after.shedTotal).toBe(before.shedTotal + 1);
    expect(after.admittedTotal).toBe(before.admittedTotal + databaseQueueLimit());
    // Admitted again once there is room.
    await expect(withDatabaseQueue(async () => "ran")).resolves.toBe("ran");
  });

  it("counts the statements that waited and for how long", async () => {
    const before = databaseQueueStats();
    await Promise.all([queryRows(handle.db, slowStatement), queryRows(handle.db, sql`select 1`)]);
    const after = databaseQueueStats();
    expect(after.statementsTotal).toBe(before.statementsTotal + 2);
    expect(after.waitSecondsTotal).toBeGreaterThan(before.waitSecondsTotal);
    expect(after.waitingStatements).toBe(0);
  });
  it("refuses at once a request that could not start within a second, though the queue has room", async () => {
    const before = databaseQueueStats();
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    // Twenty-four requests, one finished every 100 ms: after nine, the next would wait ~15 × 100 ms.
    const slow = Array.from({ length: 24 }, (_, index) => withDatabaseQueue(() => sleep(100 * (index + 1))));
    await sleep(950);
    expect(databaseQueueStats().depth).toBeGreaterThan(8);
    expect(databaseQueueStats().expectedWaitSeconds).toBeGreaterThan(MAX_EXPECTED_WAIT_MS / 1000);
    const started = performance.now();
    const refused = await withDatabaseQueue(async () => "ran").catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(DatabaseBusyError);
    await Promise.all(slow);
    const after = databaseQueueStats();
    expect(after.shedByWaitTotal).toBe(before.shedByWaitTotal + 1);
    expect(after.shedTotal).toBe(before.shedTotal + 1);
    // An empty queue admits again, whatever the last rate was.
    await expect(withDatabaseQueue(async () => "ran")).resolves.toBe("ran");
  });
});
