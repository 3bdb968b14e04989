/** A field's error, tied to it by aria-describedby; nothing is rendered when there is none. */
export function FieldMessage({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}
