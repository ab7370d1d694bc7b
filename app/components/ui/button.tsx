/**
 * The one button style of the site. `<Button>` for buttons; `buttonClass()` for a link that looks
 * like one (`<Link className={buttonClass({ variant: "secondary" })}>`). Disabled states work both
 * ways: `disabled`, and `aria-disabled` (what forms use, so the button stays focusable and
 * announced while it explains why it does nothing).
 */
import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "destructive" | "destructive-outline" | "ghost" | "link";
export type ButtonSize = "sm" | "md" | "lg";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-brand text-brand-ink shadow-sm hover:bg-brand-hover aria-disabled:hover:bg-brand disabled:hover:bg-brand",
  secondary:
    "border border-line-strong bg-surface text-ink hover:bg-surface-sunken aria-disabled:hover:bg-surface disabled:hover:bg-surface",
  destructive: "bg-danger text-surface shadow-sm hover:opacity-90",
  "destructive-outline": "border border-danger-line bg-surface text-danger hover:bg-danger-soft",
  ghost: "text-ink-muted hover:bg-surface-sunken hover:text-ink",
  link: "text-brand underline-offset-4 hover:underline",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-9 px-3",
  md: "h-10 px-4",
  lg: "h-11 px-5",
};

export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The classes of a button of this variant and size, plus `className` (layout: width, margins). */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}) {
  return [BASE, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(" ");
}

/** A link in running text ("Forgot password?", "Back to the dashboard"). */
export const textLinkClass = "font-semibold text-brand underline-offset-4 hover:underline";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/** A form's submit button that says which of the form's actions it is (`intent`: "delete", "up"…). */
export function IntentButton({ intent, ...props }: Omit<ButtonProps, "type" | "name" | "value"> & { intent: string }) {
  return <Button type="submit" name="intent" value={intent} {...props} />;
}
