/**
 * A labelled select of a GET filter form (the audit log, the reading list, the import preview):
 * plain HTML, not a validated field, starting from the URL's value. `allLabel` adds the empty
 * first choice (no filter).
 */
export function FilterSelect({
  id,
  name,
  label,
  labelClassName,
  className,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  labelClassName: string;
  className: string;
  value: string | number;
  allLabel?: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={className}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
