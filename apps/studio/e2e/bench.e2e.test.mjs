// End-to-end: a small benchmark on the Bench page in headless Chromium, main thread and one worker.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { artifactsDir, launchBrowser, openPage, startPreview } from './server.mjs';

let server;
let browser;

before(async () => {
  server = await startPreview();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Bench page', () => {
  it('runs a small benchmark with a progress bar and shows results and charts', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    // 512 only (the default also has 1024), 2 timed runs, no warm-up, main thread and 1 worker (defaults).
    await page.getByLabel('1024²').uncheck();
    await page.getByLabel('repetitions').fill('2');
    await page.getByLabel('warm-up runs').fill('0');
    await page.getByLabel('kernel').selectOption('octile');
    await page.click('[data-testid="bench-run"]');
    await page.waitForSelector('[role="progressbar"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
      null,
      {
        timeout: 60_000,
      },
    );
    const rows = await page.$$eval('[data-testid="bench-results"] tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    assert.equal(rows.length, 2, `expected main thread and 1 worker rows, got ${JSON.stringify(rows)}`);
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2]]),
      [
        ['512x512', 'octile', 'main thread'],
        ['512x512', 'octile', '1 worker'],
      ],
    );
    for (const r of rows) assert.ok(Number(r[4]) > 0, `median ${r[4]} is not a positive time`);
    assert.equal((await page.locator('svg.chart polyline').count()) > 0, true, 'no chart lines drawn');
    await page.screenshot({ path: join(artifactsDir, 'bench-run.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('measures per-set fields where they fit and refuses them, with the reason, where they do not', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    await page.getByLabel('map kind').selectOption('rooms');
    await page.getByLabel('kernel').selectOption('set-fields');
    for (const size of ['128²', '512²']) await page.getByLabel(size).check();
    await page.getByLabel('1024²').uncheck();
    await page.getByLabel('repetitions').fill('1');
    await page.getByLabel('warm-up runs').fill('0');
    await page.click('[data-testid="bench-run"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
      null,
      {
        timeout: 90_000,
      },
    );
    const refused = await page.locator('[data-testid="bench-results"] tr[data-refused="true"]').count();
    const measured = await page.locator('[data-testid="bench-results"] tbody tr:not([data-refused="true"])').count();
    assert.ok(refused >= 1, 'the 512x512 rooms map (about 3,000 sets) should be refused');
    assert.ok(measured >= 1, 'the 128x128 rooms map should be measured');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('cancels a long run', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    await page.getByLabel('repetitions').fill('50');
    await page.click('[data-testid="bench-run"]');
    await page.waitForSelector('[role="progressbar"]');
    await page.click('[data-testid="bench-cancel"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent === 'cancelled',
      null,
      {
        timeout: 60_000,
      },
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
