/**
 * The code of the embedded database's thread (app/db/pglite-worker.server.ts, decision 15): it
 * owns the PGlite instance, answers one request at a time and sends database errors back with
 * every field the server set.
 */

export const DATABASE_ERROR_FIELDS = [
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
] as const;

/**
 * The worker's code. A string (evaluated by Node), so it runs the same from the sources (tests,
 * scripts, the dev server) and from the bundled server build; it imports PGlite by resolved URL.
 */
export const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const FIELDS = ${JSON.stringify(DATABASE_ERROR_FIELDS)};
const ROLLBACK = Symbol("rollback");
function toWire(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const fields = {};
  for (const key of FIELDS) if (error[key] !== undefined) fields[key] = error[key];
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
const keepText = (value) => value;
// PGlite merges a query's own parsers into its table of ~370 type parsers on every call (a copy
// of that table per statement: ~0.2 ms, more than a one-row read). The worker runs one statement
// at a time, so it sets the instance's table instead, built once per set of types Drizzle keeps
// as text: the same parsing, without the copy.
const parserTables = new Map();
function useParsers(pg, options) {
  const key = ((options && options.rawTypes) || []).join(",");
  let table = parserTables.get(key);
  if (!table) {
    table = { ...parserTables.get("") };
    for (const type of options.rawTypes) table[type] = keepText;
    parserTables.set(key, table);
  }
  pg.parsers = table;
  return options && options.rowMode ? { rowMode: options.rowMode } : undefined;
}
(async () => {
  const { urls, dataDir, startParams, template } = workerData;
  let pg;
  try {
    const { PGlite } = await import(urls.pglite);
    const { pg_trgm } = await import(urls.pg_trgm);
    const { unaccent } = await import(urls.unaccent);
    const loadDataDir = template ? new Blob([require("node:fs").readFileSync(template)]) : undefined;
    pg = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, startParams, loadDataDir });
    parserTables.set("", pg.parsers);
  } catch (error) {
    parentPort.postMessage({ id: 0, ok: false, error: toWire(error) });
    return;
  }
  const transactions = new Map();
  function begin(id) {
    return new Promise((started, failed) => {
      const done = pg.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, done, finish: (ok) => (ok ? commit() : rollback(ROLLBACK)) });
            started();
          }),
      );
      // BEGIN itself failed: the callback never ran.
      done.catch((error) => {
        if (!transactions.has(id) && error !== ROLLBACK) failed(error);
      });
    });
  }
  async function finish(id, commit) {
    const open = transactions.get(id);
    transactions.delete(id);
    if (!open) throw new Error("Transaction is closed");
    open.finish(commit);
    try {
      await open.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  }
  function target(request) {
    const found = request.tx ? transactions.get(request.tx)?.tx : pg;
    if (!found) throw new Error("Transaction is closed");
    return found;
  }
  async function run(request) {
    switch (request.op) {
      case "query": {
        const options = useParsers(pg, request.options);
        const result = await target(request).query(request.text, request.params, options);
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case "exec":
        useParsers(pg, undefined);
        return (await target(request).exec(request.text)).map((result) => ({
          rows: result.rows, fields: result.fields, affectedRows: result.affectedRows,
        }));
      case "begin":
        return begin(request.tx);
      case "commit":
      case "rollback":
        return finish(request.tx, request.op === "commit");
      case "close":
        if (!pg.closed) await pg.close();
        return null;
    }
  }
  parentPort.on("message", async ({ id, request }) => {
    try {
      parentPort.postMessage({ id, ok: true, result: await run(request) });
    } catch (error) {
      parentPort.postMessage({ id, ok: false, error: toWire(error) });
    }
  });
  parentPort.postMessage({ id: 0, ok: true });
})();
`;
