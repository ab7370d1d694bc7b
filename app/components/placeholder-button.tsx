/**
 * A button for a feature that does not exist yet. It is a real form: without JavaScript it posts to
 * /resources/placeholder, which redirects back here with a flash toast; with JavaScript the toast
 * shows at once and nothing is posted.
 */
import type { ButtonHTMLAttributes, FormEvent, ReactNode } from "react";
import { useLocation } from "react-router";
import { withToast } from "~/components/toast";

export function placeholderMessage(feature: string) {
  return `${feature} is not yet implemented`;
}

type PlaceholderButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "form" | "formAction" | "formMethod" | "name" | "value"
> & {
  /** The feature's name, as the toast will say it: "<feature> is not yet implemented". */
  feature: string;
  children: ReactNode;
  /** Classes for the wrapping <form> (inline by default). */
  formClassName?: string;
};

export function PlaceholderButton({
  feature,
  children,
  className,
  formClassName = "inline",
  ...buttonProps
}: PlaceholderButtonProps) {
  const location = useLocation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    withToast((toast) => toast(placeholderMessage(feature)));
  }

  return (
    <form method="post" action="/resources/placeholder" onSubmit={onSubmit} className={formClassName}>
      <input type="hidden" name="feature" value={feature} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={className} {...buttonProps}>
        {children}
      </button>
    </form>
  );
}
