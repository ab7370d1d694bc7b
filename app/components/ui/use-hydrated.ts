import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while the page hydrates; true once React runs in the browser (and at
 * once for anything mounted after hydration, so a client-side navigation never renders the
 * no-JavaScript variant first).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
