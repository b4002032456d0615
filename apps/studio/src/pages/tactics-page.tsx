/** The Tactics page. */
export function TacticsPage() {
  return (
    <section>
      <h1>Tactics</h1>
      <p>This page is being built.</p>
    </section>
  );
}
