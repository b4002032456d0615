import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

/** Headers that make the page cross-origin isolated, so SharedArrayBuffer exists in browser tests. */
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Flags that keep Debian's Chromium quiet on a closed network. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  server: { headers: isolation },
  test: {
    // Two test files at a time: the machine has two cores and the Moving AI conformance is split into shards.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts', 'src/**/*.noshare.test.ts', 'src/**/*.open.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // A process without SharedArrayBuffer (its workers inherit the flag): the Node side of a page that is
          // not cross-origin isolated.
          name: 'node-noshare',
          environment: 'node',
          include: ['src/**/*.noshare.test.ts'],
          execArgv: ['--no-harmony-sharedarraybuffer'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.ts'],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: chromiumArgs,
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
