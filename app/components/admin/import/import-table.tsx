import type { ReactNode } from "react";

/** The import screens' plain tables (recent runs, a preview's items): headings, then the rows. */
export function ImportTable({
  className,
  headings,
  children,
}: {
  className: string;
  headings: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className={className}>
      <thead>
        <tr>
          {headings.map((heading, index) => (
            <th key={heading} className={index < headings.length - 1 ? "py-1 pr-4" : "py-1"}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
