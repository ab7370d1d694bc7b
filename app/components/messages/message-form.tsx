/**
 * The pieces the Contact and Write for Us pages share: the page frame and the honeypot field
 * (off screen, out of the tab order and hidden from assistive technology: only a bot fills it).
 */
import type { ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/lib/message-schemas";

export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website (leave this empty)
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function MessagePage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <div className="mt-3 text-ink-muted">{lead}</div>
      </header>
      <div className="relative mt-8">{children}</div>
    </div>
  );
}
