/**
 * The built package (dist; build first) as one namespace: every entry of package.json `exports` but the worker
 * modules, merged (Node only: it reads package.json). The types are those of ./package.test-util.ts.
 */
import type * as Core from './package.test-util.js';
// @ts-expect-error: plain JavaScript module (the fuzz workers import it too).
import { importPackageEntries } from './package-entries.mjs';

/** Every export of every entry of the built package, in one object. */
export async function builtPackage(): Promise<typeof Core> {
  return (await importPackageEntries(new URL('../../', import.meta.url))) as typeof Core;
}
