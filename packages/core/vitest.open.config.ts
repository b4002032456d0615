import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests on a page that is NOT cross-origin isolated (no COOP/COEP headers: no SharedArrayBuffer), as on a
 * game portal or a static host: `pnpm exec vitest run -c vitest.open.config.ts` (part of `pnpm test`).
 */
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
  server: { headers: {} },
  test: {
    maxWorkers: 2,
    include: ['src/**/*.open.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
