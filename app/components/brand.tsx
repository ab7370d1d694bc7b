/** The site's mark and name, as the header, the footer and the admin pages show them. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSiteName } from "./use-site-name";

export function BrandMark({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <path
        d="M12.5 10 7 16l5.5 6M19.5 10 25 16l-5.5 6"
        fill="none"
        className="stroke-brand-ink"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The mark and the name (SITE_NAME) as one link, home by default; `children` follow the name. */
export function BrandLink({
  to = "/",
  className = "",
  children,
}: {
  to?: string;
  /** Type size, weight and layout (the link is a flex row of mark and name). */
  className?: string;
  children?: ReactNode;
}) {
  const siteName = useSiteName();
  return (
    <Link to={to} className={`flex items-center gap-2 rounded-md tracking-tight text-ink ${className}`}>
      <BrandMark className="size-7 shrink-0" />
      <span>
        {siteName}
        {children}
      </span>
    </Link>
  );
}
