/** The Fields page. */
export function FieldsPage() {
  return (
    <section>
      <h1>Fields</h1>
      <p>This page is being built.</p>
    </section>
  );
}
