/**
 * Toasts without shipping sonner on every page: the toaster (and sonner, ~9 KB gzipped) is loaded
 * the first time something asks for a toast. `withToast(run)` queues `run` until sonner's
 * <Toaster> is mounted (app/components/toaster.tsx mounts it on demand), then calls it with
 * sonner's `toast`. A no-op on the server.
 */
import type { toast as SonnerToast } from "sonner";

export type ToastApi = typeof SonnerToast;

let api: Promise<ToastApi> | null = null;
let resolveApi: ((toast: ToastApi) => void) | null = null;
let mountToaster: (() => void) | null = null;

export function withToast(run: (toast: ToastApi) => void) {
  if (typeof window === "undefined") return;
  if (!api) {
    api = new Promise((resolve) => {
      resolveApi = resolve;
    });
    mountToaster?.();
  }
  void api.then(run);
}

/** The app's toaster registers how to mount sonner; it is mounted at once if a toast is waiting. */
export function registerToaster(mount: () => void) {
  mountToaster = mount;
  if (api) mount();
  return () => {
    if (mountToaster === mount) mountToaster = null;
  };
}

/** Called once sonner's <Toaster> is mounted and listening. */
export function toasterReady(toast: ToastApi) {
  resolveApi?.(toast);
}
