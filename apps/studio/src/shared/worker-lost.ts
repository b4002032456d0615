/**
 * Calls `lost` once when `worker` can no longer be trusted to answer what it was sent: its script failed to load,
 * it threw an error that nothing caught (an `error` event: the job it was on may never be answered), or one of its
 * messages could not be read here (`messageerror`). The event counts as handled (it is not reported again as an
 * uncaught error of the page); the caller ends the worker, settles what it was waiting for, and starts another.
 */
export function onWorkerLost(worker: Worker, lost: (reason: string) => void): void {
  let done = false;
  const fire = (reason: string): void => {
    if (done) return;
    done = true;
    lost(reason);
  };
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    fire(e.message ? `the worker failed: ${e.message}` : 'the worker could not start');
  });
  worker.addEventListener('messageerror', () => fire('a message from the worker could not be read'));
}
