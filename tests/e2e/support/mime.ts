/**
 * A small MIME reader for the mails our own mailer writes (multipart/alternative, text and HTML
 * parts in quoted-printable, base64 or 7bit). Enough for tests; not a general mail parser.
 * Plain erasable TypeScript (it runs in mock-services.ts on Node's type stripping).
 */
export type ParsedMail = {
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  text: string;
  html: string;
};

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Unfold continuation lines first.
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
  }
  return headers;
}

export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const byte of Buffer.from(char, "utf8")) bytes.push(byte);
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
export function decodeHeaderValue(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g,
    (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function collectParts(headers: Record<string, string>, body: string, out: { text: string; html: string }) {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      const { head, body: partBody } = splitHeadAndBody(section.replace(/^\r?\n/, ""));
      collectParts(parseHeaders(head), partBody, out);
    }
    return;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"]).replace(/\r?\n$/, "");
  if (/^text\/html/i.test(type)) out.html ||= decoded;
  else if (/^text\/plain/i.test(type)) out.text ||= decoded;
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const parts = { text: "", html: "" };
  collectParts(headers, body, parts);
  return {
    headers,
    subject: decodeHeaderValue(headers.subject ?? ""),
    from: decodeHeaderValue(headers.from ?? ""),
    to: decodeHeaderValue(headers.to ?? ""),
    ...parts,
  };
}

/** The absolute links in a mail's text part. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}
