/**
 * The one way an action or resource route reads its request body: `await readForm(request)`.
 *
 * `request.formData()` throws on a content type other than form data and on a malformed multipart
 * body, and React Router answers a thrown error with a 500. Here every client mistake becomes a
 * thrown plain-text Response with a one-line message instead (thrown Responses are never logged as
 * errors, on document, `.data` and resource requests alike):
 * - 415: a content type other than the two a form sends, or a compressed body;
 * - 400: a malformed or truncated body (multipart without boundary, wrong boundary, truncated,
 *   LF-only line ends, a part without a name, an empty multipart body) or a NUL byte in a field;
 * - 413: a body over the limit (1 MB; a route that takes uploads passes a larger `maxBytes`, up to
 *   the HTTP server's ceiling MAX_BODY_BYTES in server/request-guard.ts, and may word the refusal;
 *   see UPLOAD_BODY_LIMIT in app/media/upload-request.server.ts), or more than MAX_FORM_FIELDS
 *   fields (a megabyte of `a=&a=&…` is 300 000 of them; validating a field repeated that often
 *   takes minutes of the server's one thread).
 * Files in a multipart body arrive as `File` values of the returned FormData.
 * A bodiless POST without a content type (a script, a button with no fields) is an empty form.
 */

/** The default limit of a form body: text fields only. */
export const FORM_BODY_LIMIT = 1024 * 1024;

/** The most fields a form may have: every form of the site sends far fewer. */
export const MAX_FORM_FIELDS = 1000;

export const ACCEPTED_FORM_TYPES = "application/x-www-form-urlencoded or multipart/form-data";

export type ReadFormOptions = {
  /** Largest body this route accepts, in bytes (default FORM_BODY_LIMIT). */
  maxBytes?: number;
  /** The 413's sentence, when the route can say it better (an upload names its file limit). */
  tooLargeMessage?: string;
};

export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const maxBytes = options.maxBytes ?? FORM_BODY_LIMIT;
  const tooLarge = () => refusal(413, options.tooLargeMessage ?? tooLargeText(maxBytes));
  // Read first, refuse after: a body left unread makes the connection reset under the client.
  const body = await readBody(request, maxBytes, tooLarge);
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw tooLarge();
  const coding = (request.headers.get("Content-Encoding") ?? "").trim().toLowerCase();
  if (coding !== "" && coding !== "identity") {
    throw refusal(415, "Unsupported Media Type: send the form uncompressed (no Content-Encoding).");
  }
  const contentType = request.headers.get("Content-Type") ?? "";
  const type = mediaType(contentType);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    // A POST with neither a type nor a body is a form without fields.
    if (type === "" && body.byteLength === 0) return new FormData();
    throw refusal(415, `Unsupported Media Type: send the form as ${ACCEPTED_FORM_TYPES}.`);
  }
  if (type === "multipart/form-data" && !/;\s*boundary\s*=\s*("[^"]+"|[^;\s]+)/i.test(contentType)) {
    throw refusal(400, "Bad Request: a multipart/form-data body needs a boundary.");
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refusal(400, "Bad Request: the form body is malformed or truncated.");
  }
  let fields = 0;
  for (const [name, value] of form) {
    if (++fields > MAX_FORM_FIELDS) {
      throw refusal(413, `Payload Too Large: this form accepts at most ${MAX_FORM_FIELDS} fields.`);
    }
    // PostgreSQL refuses NUL in text; no browser sends one in a text field.
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw refusal(400, "Bad Request: a form field contains a NUL byte.");
    }
  }
  return form;
}

/** "Multipart/Form-Data; boundary=x" → "multipart/form-data". */
function mediaType(contentType: string) {
  return (contentType.split(";", 1)[0] ?? "").trim().toLowerCase();
}

/** How much of a body over its limit is read and dropped before the stream is cancelled. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** The whole body, refused with 413 when it passes `maxBytes` (whatever Content-Length said). */
async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge: () => Response,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  if (request.bodyUsed) throw new Error("readForm: the request body was already read");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Over the limit, the rest is read and dropped (the HTTP server caps every body's declared
      // length): a cancelled stream resets the connection, and the client never sees the 413.
      if (size <= maxBytes) chunks.push(value);
      else if (size > DRAIN_LIMIT) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
    if (size > maxBytes) throw tooLarge();
  } catch (error) {
    if (error instanceof Response) throw error;
    // The client went away mid-body.
    throw refusal(400, "Bad Request: the request body ended early.");
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function tooLargeText(maxBytes: number) {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MB` : `${maxBytes} bytes`;
  return `Payload Too Large: this form accepts at most ${limit}.`;
}

function refusal(status: number, message: string) {
  return new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
