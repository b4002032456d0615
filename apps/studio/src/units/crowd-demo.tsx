/** Units page: the crowd demo. */
export function CrowdDemo() {
  return <p className="muted">The crowd demo is being built.</p>;
}
