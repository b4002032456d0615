// End-to-end: benchmarks on the Bench page in headless Chromium: every suite runs in the bench's worker (the
// page's main thread never works over 100 ms at a time), Cancel stops a run at once, and every run (crowd and RTS
// included) is kept, compared and exported with its targets.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { appeared, download, dropFiles, watchFor } from './helpers.mjs';
import { watchLongTasks } from './long-tasks.mjs';
import { artifactsDir, openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

describe('Bench page', () => {
  it('runs a small benchmark with a progress bar and shows results and charts', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    // The Run button is above the fold at 1400x900.
    const run = await page.getByTestId('bench-run').boundingBox();
    assert.ok(run && run.y + run.height <= 900, `Run at ${JSON.stringify(run)}`);
    // 512 only (the default also has 1024), 2 timed runs, no warm-up, main thread and 1 worker (defaults).
    await page.getByLabel('1024²').uncheck();
    await page.getByLabel('repetitions').fill('2');
    await page.getByLabel('warm-up runs').fill('0');
    await page.getByLabel('kernel').selectOption('octile');
    // The run is short: its progress bar is watched for in the page (a wait from here may come after it is gone).
    await watchFor(page, '[role="progressbar"]');
    const stop = await watchLongTasks(browser, page);
    await page.click('[data-testid="bench-run"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
      null,
      {
        timeout: WAIT_MS,
      },
    );
    const long = await stop();
    console.log(`long tasks during a 512x512 octile run: ${long.summary}`);
    assert.deepEqual(long.over(100), [], long.summary);
    const rows = await page.$$eval('[data-testid="bench-results"] tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    assert.equal(rows.length, 2, `expected main thread and 1 worker rows, got ${JSON.stringify(rows)}`);
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2]]),
      [
        ['512x512', 'octile', 'single thread'],
        ['512x512', 'octile', '1 worker'],
      ],
    );
    for (const r of rows) assert.ok(Number(r[4]) > 0, `median ${r[4]} is not a positive time`);
    assert.ok(await appeared(page, '[role="progressbar"]'), 'a progress bar showed while it ran');
    assert.equal((await page.locator('svg.chart polyline').count()) > 0, true, 'no chart lines drawn');
    assert.match(await page.getByTestId('bench-elapsed').textContent(), /^\d+\.\d s$/);
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
        ['512x512', 'octile', 'single thread'],
        ['512x512', 'octile', '1 worker'],
        ['512x512', 'flow', 'single thread'],
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

  it('cancels a long run within 200 ms, keeping what it measured, while the page stays live', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    await page.getByLabel('repetitions').fill('50');
    await page.getByLabel('peer libraries').check();
    const stop = await watchLongTasks(browser, page);
    await page.click('[data-testid="bench-run"]');
    // Well into the run: the elapsed time ticks while the worker computes.
    await page.waitForFunction(
      () =>
        /run [3-9]\/51|run \d\d\/51/.test(
          document.querySelector('[role="progressbar"]')?.parentElement?.textContent ?? '',
        ),
      null,
      { timeout: WAIT_MS },
    );
    const ticks = await page.evaluate(async () => {
      const el = document.querySelector('[data-testid="bench-elapsed"]');
      const a = el?.textContent;
      await new Promise((r) => setTimeout(r, 600));
      return [a, el?.textContent];
    });
    assert.notEqual(ticks[0], ticks[1], `the elapsed time ticks: ${ticks}`);
    // Click Cancel and time it in the page, up to the status saying so.
    const ms = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const status = () => document.querySelector('[data-testid="bench-status"]')?.textContent;
          const t0 = performance.now();
          const observer = new MutationObserver(() => {
            if (status() === 'cancelled') {
              observer.disconnect();
              resolve(performance.now() - t0);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          document.querySelector('[data-testid="bench-cancel"]').click();
        }),
    );
    assert.ok(ms <= 200, `cancelled after ${ms} ms`);
    const rows = await page.locator('[data-testid="bench-results"] tbody tr').count();
    await page.waitForTimeout(1000);
    assert.equal(await page.locator('[data-testid="bench-results"] tbody tr').count(), rows, 'nothing after Cancel');
    assert.equal(await page.locator('[role="progressbar"]').count(), 0);
    assert.match(await page.getByTestId('run-a-status').textContent(), /cancelled/);
    const long = await stop();
    console.log(`Cancel took ${ms.toFixed(1)} ms; long tasks: ${long.summary}`);
    assert.deepEqual(long.over(100), [], long.summary);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('keeps a map opened from a file in the browser: the link names it and a reload brings it back', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench`);
    await page.waitForSelector('[data-testid="bench-run"]');
    const rows = Array.from({ length: 64 }, (_, y) =>
      y === 32 ? '.'.repeat(10) + '@'.repeat(44) + '.'.repeat(10) : '.'.repeat(64),
    );
    await dropFiles(page, '.bench-page', [
      { name: 'bench-own.map', text: `type octile\nheight 64\nwidth 64\nmap\n${rows.join('\n')}\n` },
    ]);
    await page.getByLabel('bench-own.map').waitFor();
    assert.equal(await page.getByLabel('bench-own.map').isChecked(), true);
    await page.waitForFunction(() => /[?&]files=[0-9a-f]{16}%3Abench-own\.map/.test(window.location.hash));
    await page.reload();
    await page.getByLabel('bench-own.map').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByLabel('bench-own.map').isChecked(), true);
    // It runs: one kernel on it alone.
    await page.getByLabel('512²').uncheck();
    await page.getByLabel('1024²').uncheck();
    await page.getByLabel('repetitions').fill('1');
    await page.getByLabel('warm-up runs').fill('0');
    await page.click('[data-testid="bench-run"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
      null,
      { timeout: WAIT_MS },
    );
    const maps = await page.$$eval('[data-testid="bench-results"] tbody tr', (trs) =>
      trs.map((tr) => tr.children[8]?.textContent),
    );
    assert.deepEqual([...new Set(maps)], ['bench-own.map']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('races the peer libraries, runs repair, crowd and RTS, keeps runs, compares two, exports and imports them', async () => {
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
    await page.getByTestId('bench-target').fill('5');
    const finished = () =>
      page.waitForFunction(
        () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
        null,
        { timeout: 2 * WAIT_MS },
      );
    let stop = await watchLongTasks(browser, page);
    await page.click('[data-testid="bench-run"]');
    await finished();
    let long = await stop();
    console.log(`long tasks during kernels, peers and repair: ${long.summary}`);
    assert.deepEqual(long.over(100), [], long.summary);
    // Several kernels in one run: steps and octile on both maps, a single thread and 1 worker.
    const kernels = await page.$$eval('[data-testid="bench-results"] tbody tr', (trs) =>
      trs.map((tr) => tr.children[1]?.textContent),
    );
    assert.deepEqual([...new Set(kernels)].sort(), ['octile', 'steps']);
    assert.equal(kernels.length, 8);
    // The CLI's peer race on the same queries: seeded starts to one goal on 128², scenario rows on arena.
    const peers = await page.$$eval('[data-testid="bench-peers"] tbody tr', (trs) =>
      trs.map((tr) => [
        tr.dataset.searcher,
        tr.children[4].textContent,
        tr.querySelector('[data-testid="peer-optimal"]').textContent,
      ]),
    );
    for (const name of [
      'Field Marshal A* (rts)',
      'PathFinding.js A*',
      'PathFinding.js JPS',
      'easystarjs',
      'l1-path-finder',
    ])
      assert.ok(
        peers.some((p) => p[0] === name),
        `${name} raced: ${JSON.stringify(peers)}`,
      );
    for (const [name, queries, optimal] of peers) {
      const [got, of] = optimal.split('/').map(Number);
      assert.ok(of > 0 && /to one goal|scenario rows/.test(queries), `${name}: ${queries}`);
      // Our searches, PathFinding.js A* and l1-path-finder (4 neighbours, exact) find optimal paths every time.
      if (name.startsWith('Field Marshal') || name === 'PathFinding.js A*' || name === 'l1-path-finder')
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

    // A second run on another map size, with the crowd and the RTS world: it is kept beside the first, and the
    // two compare per tile (the kernels' work grows with the tiles).
    await page.getByLabel('arena').uncheck();
    await page.getByLabel('128²').uncheck();
    await page.getByLabel('256²').check();
    await page.getByLabel('peer libraries').uncheck();
    await page.getByLabel('field repair').uncheck();
    await page.getByLabel('repetitions').fill('1');
    await page.getByLabel('crowd 10k').check();
    await page.getByLabel('crowd on 2 workers').uncheck();
    await page.getByLabel('rts 200').check();
    await page.getByLabel('crowd steps').fill('4');
    stop = await watchLongTasks(browser, page);
    await page.click('[data-testid="bench-run"]');
    await finished();
    long = await stop();
    console.log(`long tasks during kernels, crowd and RTS: ${long.summary}`);
    assert.deepEqual(long.over(100), [], long.summary);
    const behaviours = await page.$$eval('[data-testid="behaviour-results"] tbody tr', (trs) =>
      trs.map((tr) => [tr.dataset.suite, tr.dataset.units, tr.children[2].textContent, tr.children[7].textContent]),
    );
    assert.deepEqual(
      behaviours.map((r) => r.slice(0, 3)),
      [
        ['crowd', '10000', 'single thread'],
        ['crowd', '10000', '1 worker'],
        ['rts', '200', 'single thread'],
      ],
    );
    for (const r of behaviours) assert.match(r[3], /^< (16|4) ms: (met|not met)$/, `target of ${r}`);
    assert.equal(await page.locator('[data-testid="run-a"] option').count(), 2);
    const firstId = await page.locator('[data-testid="run-a"] option').first().getAttribute('value');
    await page.getByTestId('run-b').selectOption(firstId);
    assert.ok((await page.locator('svg.chart polyline[stroke-dasharray]').count()) > 0, 'run B is drawn dashed');
    assert.match(await page.locator('[data-testid="bench-results"] thead').textContent(), /B \/ A/);
    const compared = await page.$$eval('[data-testid="compare"]', (tds) =>
      tds.map((td) => [td.dataset.how, td.textContent]),
    );
    assert.equal(compared.length, 4);
    for (const [how, text] of compared) {
      assert.equal(how, 'per tile', 'the runs used different maps: compared per tile');
      assert.match(text, /^\d+\.\d\dx per tile$/);
    }
    await page.locator('[data-testid="chart-target"]').first().waitFor();

    // Export: both runs, the crowd and RTS rows with their targets; then a cancelled run, then import the export
    // again; the runs last across a reload.
    const exported = await download(page, '[data-testid="bench-export"]');
    const json = JSON.parse(exported.bytes.toString('utf8'));
    assert.deepEqual(
      json.runs.map((r) => r.status),
      ['finished', 'finished'],
    );
    assert.equal(json.runs[0].peers.length, 8);
    assert.equal(json.runs[0].targets.fieldMs, 5);
    const rows = json.runs[1].behaviours;
    assert.deepEqual(
      rows.map((r) => [r.suite, r.units, r.workers, r.targetMs]),
      [
        ['crowd', 10000, 0, 16],
        ['crowd', 10000, 1, 16],
        ['rts', 200, 0, 4],
      ],
    );
    for (const r of rows) assert.ok(r.median > 0 && r.samples > 0, JSON.stringify(r));
    assert.equal(rows[1].sameState, true, 'the crowd stepped in a worker equals the single-thread one');
    assert.deepEqual(json.runs[1].targets, { fieldMs: 5, crowdStepMs: 16, rtsUpdateMs: 4 });
    await page.getByLabel('crowd 10k').uncheck();
    await page.getByLabel('rts 200').uncheck();
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
