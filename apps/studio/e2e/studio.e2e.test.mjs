// End-to-end tests of the built studio in headless Chromium (node:test + playwright-core).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { artifactsDir, openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

describe('studio served by vite preview', () => {
  it('sends the cross-origin isolation headers', () => {
    assert.equal(server.headers['cross-origin-opener-policy'], 'same-origin');
    assert.equal(server.headers['cross-origin-embedder-policy'], 'require-corp');
  });

  it('is cross-origin isolated, so SharedArrayBuffer exists', async () => {
    const { page, errors } = await openPage(browser, server.url);
    const isolated = await page.evaluate(() => [globalThis.crossOriginIsolated, typeof SharedArrayBuffer]);
    assert.deepEqual(isolated, [true, 'function']);
    // A worker started from the core package answers over comlink, writing into a SharedArrayBuffer the page reads.
    await page.waitForSelector('[data-testid="worker-check"][data-state="ok"]', { timeout: WAIT_MS });
    assert.match(await page.textContent('[data-testid="worker-check"]'), /shared memory verified/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const id of ['fields', 'tactics', 'units', 'bench']) {
    it(`renders the ${id} page without console errors`, async () => {
      const { page, errors } = await openPage(browser, `${server.url}#/${id}`);
      await page.waitForSelector(`[data-testid="page-${id}"]`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(artifactsDir, `${id}.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
