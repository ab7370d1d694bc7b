/**
 * What the request log line needs from deep inside the app, without passing it through every
 * call: the request's id and, once the session is read, the signed-in user's id. The HTTP server
 * runs each request inside `runWithRequestFacts` (AsyncLocalStorage: one context frame per
 * request on Node 24, no per-call cost); the session module calls `noteSignedInUser`.
 * A lower layer: imports nothing of the app.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

export type RequestFacts = {
  /** The request's id (X-Request-Id): the client's when short and plain, else a new one. */
  id: string;
  /** The signed-in user, when the request read the session. */
  userId?: number;
};

const scope = new AsyncLocalStorage<RequestFacts>();

export function runWithRequestFacts<T>(facts: RequestFacts, fn: () => T): T {
  return scope.run(facts, fn);
}

/** The current request's id, or undefined outside a request. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.id;
}

export function noteSignedInUser(userId: number) {
  const facts = scope.getStore();
  if (facts) facts.userId = userId;
}

/** A client's X-Request-Id is kept only when short and plain (letters, digits, `-`, `_`, `.`). */
const PLAIN_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function acceptedRequestId(sent: string | string[] | undefined, fresh: () => string): string {
  return typeof sent === "string" && PLAIN_ID.test(sent) ? sent : fresh();
}

/** Random bytes drawn in batches: a new id costs a slice, not a call into the system's RNG. */
const ID_BYTES = 6;
const POOL_IDS = 1024;
let pool = Buffer.alloc(0);
let offset = 0;

/** A new request id: 8 URL-safe characters (48 random bits). */
export function newRequestId(): string {
  if (offset >= pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    offset = 0;
  }
  const id = pool.toString("base64url", offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}
