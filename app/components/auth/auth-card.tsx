/** The frame of every account page: a centred card with a heading, an optional lead and a footer line. */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { StatusButton } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";

export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {lead ? <p className="mt-2 text-sm text-ink-muted">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <p className="mt-6 text-center text-sm text-ink-muted">{footer}</p> : null}
    </div>
  );
}

/** The classes of a card's one wide button (a submit, or a link that leads on). */
export const wideButtonClass = buttonClass({ size: "lg", className: "w-full" });

/** A card's one action as a plain POST form with its wide button (a mailed link's confirmation). */
export function PostButton({ children, action }: { children: ReactNode; action?: string }) {
  return (
    <Form method="post" action={action}>
      <button type="submit" className={wideButtonClass}>
        {children}
      </button>
    </Form>
  );
}

/**
 * A card's one action that shows its progress: a POST form carrying `values` as hidden fields
 * (and `intent`, when given) with its wide busy button (verify an address, save an article).
 */
export function PendingPostButton({
  action,
  values,
  intent,
  pending,
  pendingText,
  children,
}: {
  action?: string;
  values: Record<string, string | number>;
  intent?: string;
  pending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action}>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <StatusButton
        pending={pending}
        pendingText={pendingText}
        size="lg"
        className="w-full"
        name={intent === undefined ? undefined : "intent"}
        value={intent}
      >
        {children}
      </StatusButton>
    </Form>
  );
}

/** "Back to Home", under a card that has nothing else to offer. */
export function HomeLink() {
  return (
    <Link to="/" className={textLinkClass}>
      Back to Home
    </Link>
  );
}
