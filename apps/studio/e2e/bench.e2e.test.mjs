// End-to-end: a small benchmark on the Bench page in headless Chromium, main thread and one worker.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appeared, download, watchFor } from './helpers.mjs';
import { artifactsDir, launchBrowser, openPage, startPreview, WAIT_MS } from './server.mjs';

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
    // The run is short: its progress bar is watched for in the page (a wait from here may come after it is gone).
    await watchFor(page, '[role="progressbar"]');
    await page.click('[data-testid="bench-run"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
      null,
      {
        timeout: WAIT_MS,
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
    assert.ok(await appeared(page, '[role="progressbar"]'), 'a progress bar showed while it ran');
    assert.equal((await page.locator('svg.chart polyline').count()) > 0, true, 'no chart lines drawn');
    await page.screenshot({ path: join(artifactsDir, 'bench-run.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('times smooth flows beside their octile fields, on the main thread and in a worker', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    await page.getByLabel('1024²').uncheck();
    await page.getByLabel('repetitions').fill('2');
    await page.getByLabel('warm-up runs').fill('1');
    await page.getByLabel('kernel').selectOption(['octile', 'flow']);
    await page.click('[data-testid="bench-run"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
      null,
      { timeout: WAIT_MS },
    );
    const rows = await page.$$eval('[data-testid="bench-results"] tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2]]),
      [
        ['512x512', 'octile', 'main thread'],
        ['512x512', 'octile', '1 worker'],
        ['512x512', 'flow', 'main thread'],
        ['512x512', 'flow', '1 worker'],
      ],
    );
    for (const r of rows) assert.ok(Number(r[4]) > 0, `median ${r[4]} is not a positive time`);
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
        timeout: WAIT_MS,
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
        timeout: WAIT_MS,
      },
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('races the peer libraries and runs the repair suite, keeps runs, compares two, exports and imports them', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    await page.getByLabel('512²').uncheck();
    await page.getByLabel('1024²').uncheck();
    await page.getByLabel('128²').check();
    await page.getByLabel('arena').check();
    await page.getByLabel('repetitions').fill('2');
    await page.getByLabel('warm-up runs').fill('0');
    await page.getByLabel('kernel').selectOption(['steps', 'octile']);
    await page.getByLabel('peer libraries').check();
    await page.getByLabel('field repair').check();
    const finished = () =>
      page.waitForFunction(
        () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
        null,
        { timeout: WAIT_MS },
      );
    await page.click('[data-testid="bench-run"]');
    await finished();
    // Several kernels in one run: steps and octile on both maps, main thread and 1 worker.
    const kernels = await page.$$eval('[data-testid="bench-results"] tbody tr', (trs) =>
      trs.map((tr) => tr.children[1]?.textContent),
    );
    assert.deepEqual([...new Set(kernels)].sort(), ['octile', 'steps']);
    assert.equal(kernels.length, 8);
    // The peers ran on the same queries: random starts to one goal on 128², scenario rows on arena.
    const peers = await page.$$eval('[data-testid="bench-peers"] tbody tr', (trs) =>
      trs.map((tr) => [
        tr.dataset.searcher,
        tr.children[3].textContent,
        tr.querySelector('[data-testid="peer-optimal"]').textContent,
      ]),
    );
    for (const name of [
      'Field Marshal (one field + lookups)',
      'Field Marshal A* (rts)',
      'PathFinding.js A*',
      'PathFinding.js JPS',
      'EasyStar.js',
    ])
      assert.ok(
        peers.some((p) => p[0] === name),
        `${name} raced: ${JSON.stringify(peers)}`,
      );
    for (const [name, queries, optimal] of peers) {
      const [got, of] = optimal.split('/').map(Number);
      assert.ok(of > 0 && /to one goal|scenario rows/.test(queries), `${name}: ${queries}`);
      // Our searches and PathFinding.js A* (same rules) find optimal paths on every query.
      if (name.startsWith('Field Marshal') || name === 'PathFinding.js A*')
        assert.equal(got, of, `${name}: ${optimal}`);
    }
    const repair = await page.$$eval('[data-testid="bench-repair"] tbody tr', (trs) =>
      trs.map((tr) => tr.children[2].textContent),
    );
    assert.deepEqual(repair.slice(0, 6), [
      'toggle near',
      'toggle far',
      'stamp 4x4 near',
      'stamp 4x4 far',
      'door near',
      'door far',
    ]);
    assert.equal(repair.length, 12);

    // A second, smaller run; the first one is kept and can be compared with it in the charts.
    await page.getByLabel('arena').uncheck();
    await page.getByLabel('peer libraries').uncheck();
    await page.getByLabel('field repair').uncheck();
    await page.getByLabel('repetitions').fill('1');
    await page.click('[data-testid="bench-run"]');
    await finished();
    assert.equal(await page.locator('[data-testid="run-a"] option').count(), 2);
    const firstId = await page.locator('[data-testid="run-a"] option').first().getAttribute('value');
    await page.getByTestId('run-b').selectOption(firstId);
    assert.ok((await page.locator('svg.chart polyline[stroke-dasharray]').count()) > 0, 'run B is drawn dashed');
    assert.match(await page.locator('[data-testid="bench-results"] thead').textContent(), /B \/ A/);
    await page.getByTestId('bench-target').fill('5');
    await page.locator('[data-testid="chart-target"]').first().waitFor();

    // Export, then a cancelled run, then import the export again; the runs last across a reload.
    const exported = await download(page, '[data-testid="bench-export"]');
    const json = JSON.parse(exported.bytes.toString('utf8'));
    assert.deepEqual(
      json.runs.map((r) => r.status),
      ['finished', 'finished'],
    );
    assert.equal(json.runs[0].peers.length, 8);
    await page.getByLabel('repetitions').fill('50');
    await page.getByLabel('2048²').check();
    await page.click('[data-testid="bench-run"]');
    await page.waitForSelector('[role="progressbar"]');
    await page.click('[data-testid="bench-cancel"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent === 'cancelled',
      null,
      {
        timeout: WAIT_MS,
      },
    );
    const withCancelled = JSON.parse((await download(page, '[data-testid="bench-export"]')).bytes.toString('utf8'));
    assert.equal(withCancelled.runs.at(-1).status, 'cancelled');
    await page.setInputFiles('[data-testid="bench-import-input"]', {
      name: exported.name,
      mimeType: 'application/json',
      buffer: exported.bytes,
    });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-message"]')?.textContent === 'imported 2 runs',
    );
    assert.equal(await page.locator('[data-testid="run-a"] option').count(), 5);
    await page.reload();
    await page.waitForSelector('[data-testid="bench-run"]');
    assert.equal(await page.locator('[data-testid="run-a"] option').count(), 5);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
