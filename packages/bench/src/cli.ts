#!/usr/bin/env node
/**
 * Field Marshal benchmark CLI. `pnpm bench --help` lists the options.
 */
import { generateMap } from '@fieldmarshal/core';

function main(argv: string[]): void {
  if (argv.includes('--help')) {
    console.log('usage: fieldmarshal-bench [--help]');
    return;
  }
  const t0 = performance.now();
  const grid = generateMap('random', 1024, 1024, { density: 0.2, seed: 1 });
  const t1 = performance.now();
  console.log(`generated ${grid.width}x${grid.height} random map in ${(t1 - t0).toFixed(1)} ms`);
}

main(process.argv.slice(2));
