/**
 * The component side of "HTML once" (app/http/html-once.server.ts): stored HTML that the loader
 * left out of the hydration data is taken from the server's store while rendering on the server,
 * and from the already-rendered element (marked `data-html-once={key}`) when hydrating. React then
 * hydrates `dangerouslySetInnerHTML` with exactly the markup already in the DOM, so nothing changes.
 * A `<template>` element can carry HTML that is not shown yet (an article's rest behind Continue
 * Reading): its content is inert and read back the same way.
 */
import { createContext, useContext, useState } from "react";

const HtmlOnceContext = createContext<ReadonlyMap<string, string> | null>(null);

export const HtmlOnceProvider = HtmlOnceContext.Provider;

/** The HTML for `key`: `html` when the loader sent it, else what the server rendered. */
export function useHtmlOnce(key: string, html: string | null): string {
  const serverStore = useContext(HtmlOnceContext);
  const [rendered] = useState(() => {
    if (html !== null) return html;
    if (serverStore) return serverStore.get(key) ?? "";
    if (typeof document === "undefined") return "";
    return document.querySelector(`[data-html-once="${CSS.escape(key)}"]`)?.innerHTML ?? "";
  });
  return html ?? rendered;
}
