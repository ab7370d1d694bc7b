/** sonner's <Toaster>, loaded on demand by app/components/toaster.tsx (the first toast). */
import { useEffect } from "react";
import { toast, Toaster as Sonner } from "sonner";
import { TOAST_DURATION_MS } from "./toast-options";
import { toasterReady } from "./toast";

export default function SonnerToaster() {
  // Children's effects run first: sonner's <Toaster> is subscribed by now.
  useEffect(() => toasterReady(toast), []);
  return (
    <Sonner
      position="bottom-right"
      theme="system"
      richColors
      closeButton
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      toastOptions={{ closeButtonAriaLabel: "Close notification" }}
    />
  );
}
