/** Small stroke icons used across the site. Decorative: hidden from assistive technology. */
import type { ReactNode } from "react";

type IconProps = { className?: string };

/** The frame of every stroke icon: `currentColor`, round caps where the paths ask for them. */
export function StrokeIcon({
  className = "",
  viewBox = "0 0 20 20",
  strokeWidth = "2",
  children,
}: IconProps & { viewBox?: string; strokeWidth?: string; children: ReactNode }) {
  return (
    <svg
      viewBox={viewBox}
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function SearchIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <circle cx="9" cy="9" r="6" />
      <path d="m13.5 13.5 4 4" strokeLinecap="round" />
    </StrokeIcon>
  );
}

/** Points down; rotate it for a disclosure that opens. */
export function ChevronIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </StrokeIcon>
  );
}

/** Points right (a disclosure that opens by turning down). */
export function ChevronRightIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <path d="m8 5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
    </StrokeIcon>
  );
}

export function FilterIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <path d="M3 5h14M6 10h8M9 15h2" strokeLinecap="round" />
    </StrokeIcon>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className} strokeWidth="2.5">
      <path d="m4.5 10.5 3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
    </StrokeIcon>
  );
}

export function MenuIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className} viewBox="0 0 24 24">
      <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
    </StrokeIcon>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className} viewBox="0 0 24 24">
      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
    </StrokeIcon>
  );
}

/** An eye, crossed out while `crossed` (the Show/Hide password toggle). */
export function EyeIcon({ className, crossed = false }: IconProps & { crossed?: boolean }) {
  return (
    <StrokeIcon className={className} viewBox="0 0 24 24" strokeWidth="1.8">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" strokeLinecap="round" /> : null}
    </StrokeIcon>
  );
}
