/**
 * KaTeX's stylesheet (and, through it, its fonts), for a page whose stored HTML has formulas
 * (app/markdown/math.server.ts). React puts it in the <head> once, however often it is rendered.
 */
import katexStylesheet from "katex/dist/katex.min.css?url";

export function MathStylesheet() {
  return <link rel="stylesheet" href={katexStylesheet} precedence="default" />;
}

/** For a route's `links`: pages where formulas may appear at any time (the editors' previews). */
export const mathStylesheetLinks = () => [{ rel: "stylesheet", href: katexStylesheet }];
