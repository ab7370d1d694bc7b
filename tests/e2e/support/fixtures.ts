import { test as base, expect } from "@playwright/test";

/** `jsEnabled` tells a test which half of the progressive-enhancement pair it is running. */
export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };

/** Waits until React has hydrated, so JS-enhanced handlers are attached. */
export async function hydrated(page: import("@playwright/test").Page, jsEnabled: boolean) {
  if (!jsEnabled) return;
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
  );
  await page.waitForLoadState("networkidle");
}
