/** Units page: the rts demo. */
export function RtsDemo() {
  return <p className="muted">The rts demo is being built.</p>;
}
