/** The Bench page. */
export function BenchPage() {
  return (
    <section>
      <h1>Bench</h1>
      <p>This page is being built.</p>
    </section>
  );
}
