/** Units page: the chase demo. */
export function ChaseDemo() {
  return <p className="muted">The chase demo is being built.</p>;
}
