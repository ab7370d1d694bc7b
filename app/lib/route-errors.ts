/**
 * The one shape of an error a loader or action throws, and the catalogue of the spec's texts
 * (section 8). Loaders throw with `notFound(…)` (here) or `readOrThrow(…)`
 * (`~/http/route-errors.server`); the layouts' error boundaries render every one of them with
 * `errorScreenFrom(error)`: one screen per kind, one visitor-safe message, the spec's toast.
 */
import { data, isRouteErrorResponse } from "react-router";

export type ErrorScreen = {
  status: number;
  /** The screen's heading and the page title. */
  title: string;
  /** One sentence a visitor may read: never a driver's, library's or stack's text. */
  message: string;
  /** The spec's toast for this error (section 8), if it has one. */
  toast?: { title: string; description?: string };
  /** The request's id (5xx), so the server's log line can be found ("Reference: …"). */
  requestId?: string;
};

/** What a loader throws: the screen without its status (the response carries that). */
export type ErrorScreenData = Omit<ErrorScreen, "status">;

const PAGE_NOT_FOUND: ErrorScreenData = {
  title: "Page Not Found",
  message: "The page you are looking for doesn't exist or has moved. Try searching, or start from one of these.",
};

/** Things that can be missing, with the spec's texts. */
export const NOT_FOUND = {
  page: PAGE_NOT_FOUND,
  article: {
    title: "Article not found",
    message: "We couldn't find an article at this address. It may have been moved or unpublished.",
    toast: { title: "Error fetching article", description: "Article not found." },
  },
  category: {
    title: "Category not found",
    message: "There is no category at this address. Pick one of these topics, or search all articles.",
    toast: { title: "Category not found" },
  },
  tag: {
    title: "Tag not found",
    message: "No article has this tag. Pick one of these topics, or search all articles.",
  },
  series: {
    title: "Series not found",
    message: "There is no series at this address. Pick one of these topics, or search all articles.",
  },
} as const satisfies Record<string, ErrorScreenData>;

const TRY_AGAIN = "Please try again in a moment.";

/** Reads that can fail, with the spec's toast titles. The toast's description is the screen's message. */
export const READ_FAILED = {
  articles: { title: "Error fetching articles", message: `The articles could not be loaded right now. ${TRY_AGAIN}` },
  article: { title: "Error fetching article", message: `The article could not be loaded right now. ${TRY_AGAIN}` },
  categories: {
    title: "Error fetching categories",
    message: `The categories could not be loaded right now. ${TRY_AGAIN}`,
  },
  search: { title: "Error searching articles", message: `The search could not be run right now. ${TRY_AGAIN}` },
  questions: {
    title: "Failed to load questions",
    message: "Could not load interview questions. Please try again later.",
    toast: { title: "Error fetching data", description: "Could not load interview questions. Please try again later." },
  },
  updates: { title: "Error fetching updates.", message: `The updates could not be loaded right now. ${TRY_AGAIN}` },
  integrations: {
    title: "Error fetching integrations",
    message: `The integrations could not be loaded right now. ${TRY_AGAIN}`,
  },
} as const satisfies Record<string, ErrorScreenData>;

export type ReadFailure = keyof typeof READ_FAILED;

/** What's New on a site without a Changelog category: a state of the content, not a failed read (section 8). */
export const CHANGELOG_MISSING = {
  title: READ_FAILED.updates.title,
  description: "Could not find changelog category.",
} as const;

/** Status of a page whose data could not be read: the frame renders, the service is unavailable. */
export const READ_FAILED_STATUS = 503;

/** `throw notFound("article")`: the one 404 screen, with the spec's toast for that thing. */
export function notFound(what: keyof typeof NOT_FOUND = "page") {
  return data<ErrorScreenData>(NOT_FOUND[what], { status: 404 });
}

/**
 * `throw forbidden()`: signed in, but this role may not do that (app/auth/permissions.ts). Rendered
 * by the layout's boundary; a replayed request of another role gets it and changes nothing.
 */
export function forbidden(message = "You do not have permission to do that.") {
  return data<ErrorScreenData>({ title: "Access Denied", message }, { status: 403 });
}

/** The data of a failed read (see `readOrThrow`), with the request's id for the reference. */
export function readFailed(what: ReadFailure, requestId: string) {
  const screen: ErrorScreenData = READ_FAILED[what];
  return data<ErrorScreenData>(
    { ...screen, toast: screen.toast ?? { title: screen.title, description: screen.message }, requestId },
    { status: READ_FAILED_STATUS },
  );
}

const GENERIC: Record<string, ErrorScreenData> = {
  400: { title: "Bad Request", message: "The request could not be understood." },
  403: { title: "Access Denied", message: "You do not have permission to do that." },
  405: { title: "Method Not Allowed", message: "This address does not accept that kind of request." },
  413: { title: "Payload Too Large", message: "What was sent is larger than this page accepts." },
  415: { title: "Unsupported Media Type", message: "What was sent is not in a form this page accepts." },
  429: { title: "Too Many Requests", message: "Too many requests: please wait a moment and try again." },
  503: { title: "Service Unavailable", message: `This page is unavailable right now. ${TRY_AGAIN}` },
};
const SOMETHING_WENT_WRONG: ErrorScreenData = {
  title: "Something went wrong",
  message: "Sorry — we couldn't show this page. Please try again in a moment, or head back to the home page.",
};

function isScreenData(value: unknown): value is ErrorScreenData {
  if (typeof value !== "object" || value === null) return false;
  const { title, message } = value as Record<string, unknown>;
  return typeof title === "string" && typeof message === "string";
}

/**
 * What an error boundary shows for `error`. Thrown screens show as thrown; other 4xx responses
 * show their own one-line text (written by this app, such as the form reader's 415) or a generic
 * one; anything else is a 500 whose details stay in the server's log.
 */
export function errorScreenFrom(error: unknown): ErrorScreen {
  if (!isRouteErrorResponse(error)) return { status: 500, ...SOMETHING_WENT_WRONG };
  const { status } = error;
  if (isScreenData(error.data)) return { status, ...error.data };
  if (status === 404) return { status, ...PAGE_NOT_FOUND };
  const generic = GENERIC[status] ?? (status < 500 ? GENERIC[400]! : SOMETHING_WENT_WRONG);
  // React Router's own responses (internal) carry developer text; ours carry one line for people.
  const internal = (error as { internal?: boolean }).internal === true;
  const own = !internal && status < 500 && typeof error.data === "string" ? error.data.trim() : "";
  return { status, title: generic.title, message: own && own.length <= 300 ? own : generic.message };
}
