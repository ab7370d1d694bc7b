/**
 * The text of HTML the site rendered itself (an article's sanitized body): tags dropped, blocks on
 * their own lines, entities decoded. For the APIs' `plaintext` format; not a parser for any HTML.
 */
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const BLOCK = /<\/?(?:p|div|h[1-6]|li|ul|ol|pre|blockquote|table|tr|figure|figcaption|section|aside|hr|br)\b[^>]*>/gi;

export function htmlText(html: string): string {
  const text = html
    .replace(/<(script|style|svg)\b[\s\S]*?<\/\1>/gi, "")
    .replace(BLOCK, "\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
