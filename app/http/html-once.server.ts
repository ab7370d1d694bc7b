/**
 * HTML once (docs/decisions/0010-html-once.md): on a document request, large stored HTML (an
 * article's body, interview answers) is rendered into the page but left out of the hydration
 * data. A loader passes it through `htmlOnce()`: on a document request the HTML goes to this
 * request's server-only store (which app/entry.server.tsx hands to the render) and the loader
 * data gets `null`; on a client-side navigation (`.data`) the loader data carries the HTML, as
 * there is no rendered page to read it from. Components read it with `useHtmlOnce`
 * (app/components/html-once.tsx), which, on hydration, takes it from the DOM.
 */
import { createContext, type RouterContextProvider } from "react-router";

export type HtmlOnceStore = {
  /** True for a document request; false for `.data` (client navigations, fetchers). */
  document: boolean;
  html: Map<string, string>;
};

export const htmlOnceContext = createContext<HtmlOnceStore>({ document: false, html: new Map() });

/** `html` for the loader data: null (and kept for the render) on a document request. */
export function htmlOnce(context: Readonly<RouterContextProvider>, key: string, html: string): string | null {
  const store = context.get(htmlOnceContext);
  if (!store.document) return html;
  store.html.set(key, html);
  return null;
}
