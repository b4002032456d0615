/** The Units page. */
export function UnitsPage() {
  return (
    <section>
      <h1>Units</h1>
      <p>This page is being built.</p>
    </section>
  );
}
