/** A two-column list of labelled facts (diagnostics pages). */
export function FactList({ rows, valueDir }: { rows: readonly (readonly [string, string])[]; valueDir?: "ltr" }) {
  return (
    <dl className="grid max-w-2xl gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-bold">{label}</dt>
          <dd>
            <bdi dir={valueDir}>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
