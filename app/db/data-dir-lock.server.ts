/**
 * The embedded database's lock on its data folder: one process at a time, released by the kernel
 * when its holder dies, however it dies.
 *
 * PGlite has no lock of its own, and two writers corrupt the folder. A pid in a file cannot tell a
 * dead holder from a live one (a killed process answers `kill -0` until it is reaped, and a
 * restarted container hands the same pids out again), so the lock is a Unix socket instead: the
 * holder listens on it and answers every connection with its pid. A connection that succeeds means
 * a live holder; a refused one means the holder is gone, whatever pid it had.
 *
 * Taking over a dead holder's socket must not race with another process doing the same, so no
 * process ever removes the socket it then competes for. Sockets are numbered generations in
 * DATA_DIR/pglite.lock/: a newcomer probes every generation (any answer: refused), then publishes
 * its own, already listening socket as the next number with link(2), which fails if that number
 * exists. If two publish at once, the higher number wins and the lower one withdraws. Dead
 * generations are removed by the winner.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number | null) {
    super(
      `The database in ${dataDir} is in use by another process${pid ? ` (pid ${pid})` : ""}. The embedded database allows one process at a time: stop the server first, or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = "DataDirLockedError";
  }
}

const LOCK_FOLDER = "pglite.lock";
const GENERATION = /^\d+$/;
/** Unix socket paths are limited to 108 bytes; longer ones are reached through a short symlink. */
const MAX_SOCKET_PATH = 100;
/** How long a live holder may take to tell its pid (its event loop may be busy starting up). */
const PID_TIMEOUT_MS = 1000;

/**
 * Locks `dataDir` for this process, or throws DataDirLockedError when a live process holds it.
 * Resolves with the function that releases the lock (also released by the kernel at exit).
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  const folder = path.join(dataDir, LOCK_FOLDER);
  for (let attempt = 0; attempt < 20; attempt++) {
    prepareFolder(folder);
    const own = await listenOnce(folder);
    if (!own) continue; // the folder was removed under us by a holder releasing it: start again
    try {
      const release = await publish(dataDir, folder, own);
      if (release) return release;
    } catch (error) {
      own.close();
      throw error;
    }
    own.close();
  }
  throw new Error(`Could not lock ${dataDir}: too many processes competing for it.`);
}

type OwnSocket = { file: string; close(): void };

// ---------------------------------------------------------------------------------------------
// Commands. The holder answers every connection with its pid and a newline (what a probe reads).
// A holder that takes commands (the server, see setDataDirCommandHandler) then reads one JSON line
// and answers one JSON line; any other holder ends the connection after its pid. Only processes
// that can reach DATA_DIR reach the socket (the lock folder is 0700), so the folder's owner is
// the only one who can send a command: `npm run admin` uses it while the server holds the folder.

export type DataDirCommand = { command: string; [key: string]: unknown };
export type DataDirCommandAnswer = { ok: boolean; message: string };
type CommandHandler = (command: DataDirCommand) => Promise<DataDirCommandAnswer>;

let commandHandler: CommandHandler | null = null;
/** How long a connected client may take to send its command. */
const COMMAND_READ_TIMEOUT_MS = 5000;
const COMMAND_MAX_BYTES = 64 * 1024;

/** Lets this process (the lock's holder) run commands sent through the lock socket; null stops. */
export function setDataDirCommandHandler(handler: CommandHandler | null) {
  commandHandler = handler;
}

function answerConnection(socket: net.Socket) {
  const handler = commandHandler;
  if (!handler) {
    socket.end(`${process.pid}\n`);
    return;
  }
  socket.write(`${process.pid}\n`);
  socket.setEncoding("utf8");
  socket.setTimeout(COMMAND_READ_TIMEOUT_MS, () => socket.destroy());
  let buffer = "";
  const onData = (chunk: string) => {
    buffer += chunk;
    if (buffer.length > COMMAND_MAX_BYTES) {
      socket.destroy();
      return;
    }
    const newline = buffer.indexOf("\n");
    if (newline === -1) return;
    socket.off("data", onData);
    socket.setTimeout(0);
    let command: DataDirCommand;
    try {
      command = JSON.parse(buffer.slice(0, newline)) as DataDirCommand;
      if (typeof command?.command !== "string") throw new Error("no command");
    } catch {
      socket.end(`${JSON.stringify({ ok: false, message: "The command could not be read." })}\n`);
      return;
    }
    handler(command)
      .catch((error: unknown) => ({ ok: false, message: error instanceof Error ? error.message : String(error) }))
      .then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
  };
  socket.on("data", onData);
}

/**
 * Sends `command` to the live process holding `dataDir` and resolves with its answer. Throws
 * DataDirLockedError when the holder takes no commands (or nobody answers).
 */
export async function sendDataDirCommand(dataDir: string, command: DataDirCommand): Promise<DataDirCommandAnswer> {
  const folder = path.join(dataDir, LOCK_FOLDER);
  for (const generation of generations(folder).reverse()) {
    const answer = await sendOnce(path.join(folder, String(generation)), command);
    if (answer === "dead") continue;
    if (answer.kind === "answer") return answer.answer;
    throw new DataDirLockedError(dataDir, answer.pid);
  }
  throw new DataDirLockedError(dataDir, null);
}

type SendResult =
  | "dead"
  | { kind: "answer"; answer: DataDirCommandAnswer }
  | { kind: "no-commands"; pid: number | null };

async function sendOnce(file: string, command: DataDirCommand): Promise<SendResult> {
  const address = shortPath(file);
  try {
    return await new Promise<SendResult>((resolve) => {
      const socket = net.connect(address.path);
      let received = "";
      let sent = false;
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        received += chunk;
        if (!sent && received.includes("\n")) {
          sent = true;
          socket.write(`${JSON.stringify(command)}\n`);
        }
      });
      socket.on("end", () => {
        const [pidLine = "", answerLine = ""] = received.split("\n");
        try {
          const answer = JSON.parse(answerLine) as DataDirCommandAnswer;
          resolve({ kind: "answer", answer: { ok: answer.ok === true, message: String(answer.message) } });
        } catch {
          resolve({ kind: "no-commands", pid: pidOf(pidLine) });
        }
        socket.destroy();
      });
      socket.on("error", (error: NodeJS.ErrnoException) => {
        socket.destroy();
        const gone = error.code === "ECONNREFUSED" || error.code === "ENOENT" || error.code === "ENOTSOCK";
        resolve(gone ? "dead" : { kind: "no-commands", pid: pidOf(received) });
      });
    });
  } finally {
    address.done();
  }
}

function prepareFolder(folder: string) {
  try {
    if (!fs.lstatSync(folder).isDirectory()) {
      // A lock file of the earlier kind (a pid in a file) proves nothing about a live holder.
      fs.rmSync(folder, { force: true });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // Only the folder's owner reaches the sockets (and so may send commands to the holder).
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
}

/** A listening socket under a name no one else uses; null if the folder vanished meanwhile. */
async function listenOnce(folder: string): Promise<OwnSocket | null> {
  const file = path.join(folder, `new-${process.pid}-${randomBytes(4).toString("hex")}`);
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    answerConnection(socket);
  });
  // The lock never keeps the process alive on its own.
  server.unref();
  const address = shortPath(file);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(address.path, () => resolve());
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  } finally {
    address.done();
  }
  let closed = false;
  return {
    file,
    close() {
      if (closed) return;
      closed = true;
      server.close();
      fs.rmSync(file, { force: true });
    },
  };
}

/** Publishes `own` as the next generation: the release function, or null to try again. */
async function publish(dataDir: string, folder: string, own: OwnSocket): Promise<(() => void) | null> {
  const seen = generations(folder);
  for (const generation of seen) {
    const holder = await probe(path.join(folder, String(generation)));
    if (holder.live) throw new DataDirLockedError(dataDir, holder.pid);
  }
  // Next after the highest one probed (never one it did not probe: that one may be alive).
  const mine = (seen.at(-1) ?? 0) + 1;
  const published = path.join(folder, String(mine));
  try {
    fs.linkSync(own.file, published);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOENT") return null;
    throw error;
  }
  // Published under its number: the temporary name goes, the socket stays reachable.
  fs.rmSync(own.file, { force: true });
  const withdraw = () => {
    own.close();
    fs.rmSync(published, { force: true });
  };
  // Someone who published at the same moment with a higher number wins.
  for (const generation of generations(folder)) {
    if (generation <= mine) continue;
    const other = await probe(path.join(folder, String(generation)));
    if (other.live) {
      withdraw();
      throw new DataDirLockedError(dataDir, other.pid);
    }
  }
  await removeDeadSockets(folder, published);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    withdraw();
    try {
      fs.rmdirSync(folder);
    } catch {
      // Not empty (a newcomer is starting) or already gone: either way nothing to do.
    }
  };
}

/** The names in `folder`; none when it cannot be read (missing, not a folder). */
export function folderNames(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}

function generations(folder: string): number[] {
  return folderNames(folder)
    .filter((name) => GENERATION.test(name))
    .map(Number)
    .sort((a, b) => a - b);
}

/** Sockets (and other files) left by holders that died; live ones (a newcomer's) stay. */
async function removeDeadSockets(folder: string, keep: string) {
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    if (file === keep) continue;
    if (!(await probe(file)).live) fs.rmSync(file, { recursive: true, force: true });
  }
}

type Holder = { live: true; pid: number | null } | { live: false };

/**
 * Connects to a lock socket: a live holder accepts (and tells its pid); a dead one refuses. A
 * socket being closed at that very moment (reset) is asked again, and counts as live if it stays so.
 */
async function probe(file: string): Promise<Holder> {
  for (let attempt = 1; ; attempt++) {
    const holder = await probeOnce(file);
    if (holder !== "reset") return holder;
    if (attempt === 3) return { live: true, pid: null };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function probeOnce(file: string): Promise<Holder | "reset"> {
  const address = shortPath(file);
  try {
    return await new Promise<Holder | "reset">((resolve, reject) => {
      const socket = net.connect(address.path);
      let answer = "";
      let connected = false;
      const finish = (holder: Holder) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(holder);
      };
      const timer = setTimeout(() => finish({ live: connected, pid: null }), PID_TIMEOUT_MS);
      socket.setEncoding("utf8");
      socket.on("connect", () => {
        connected = true;
      });
      socket.on("data", (chunk) => {
        answer += chunk;
        if (answer.includes("\n")) finish({ live: true, pid: pidOf(answer) });
      });
      socket.on("end", () => finish({ live: true, pid: pidOf(answer) }));
      socket.on("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        // Refused: nobody listens (the holder died, or it is not a socket). Gone: nobody holds it.
        if (error.code === "ECONNREFUSED" || error.code === "ENOENT" || error.code === "ENOTSOCK") {
          resolve({ live: false });
        } else if (connected || error.code === "EAGAIN") {
          // A reset after connecting, or a full backlog: someone is there.
          resolve({ live: true, pid: pidOf(answer) });
        } else if (error.code === "ECONNRESET") {
          resolve("reset");
        } else {
          reject(error);
        }
      });
    });
  } finally {
    address.done();
  }
}

function pidOf(answer: string): number | null {
  const pid = Number.parseInt(answer, 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** `file`, or the same file through a short symlink to its folder when the path is too long. */
function shortPath(file: string): { path: string; done(): void } {
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) return { path: file, done() {} };
  const link = fs.mkdtempSync(path.join(os.tmpdir(), "dp-lock-"));
  fs.symlinkSync(path.dirname(file), path.join(link, "d"));
  return {
    path: path.join(link, "d", path.basename(file)),
    done() {
      fs.rmSync(link, { recursive: true, force: true });
    },
  };
}
