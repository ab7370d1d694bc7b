import { Link, NavLink } from "react-router";
import type { NavLinkItem } from "~/lib/site-nav";

/**
 * A list of links, one `<li>` each (menus, footer columns, topic lists). `marksCurrent` draws
 * them as NavLinks, so the link to the page being shown carries `aria-current="page"`.
 */
export function LinkList({
  items,
  className,
  linkClassName,
  marksCurrent = false,
  "aria-labelledby": labelledBy,
}: {
  items: readonly NavLinkItem[];
  className: string;
  linkClassName: string;
  marksCurrent?: boolean;
  "aria-labelledby"?: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className={className}>
      {items.map((item) => (
        // Two items may share an address (the footer's legal column), never a name too.
        <li key={`${item.to} ${item.name}`}>
          {marksCurrent ? (
            <NavLink to={item.to} className={linkClassName}>
              {item.name}
            </NavLink>
          ) : (
            <Link to={item.to} className={linkClassName}>
              {item.name}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
