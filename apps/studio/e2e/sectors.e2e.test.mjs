// End-to-end tests of the Big maps page (issue 19): the sector graph built in the worker pool with its overlay,
// the route and path between a start and a goal (cost checked against the exact optimum computed here in Node),
// the corridor field as a heatmap with its readout (and its full-field fallback), units that follow it, edits that rebuild a few sectors, and a
// 4096 x 4096 map with a progress bar and Cancel.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { computeField, Grid, parseMovingAiMap } from '@fieldmarshal/core';
import { dragTiles, hoverTile, readTile, sectorsReady, untilShotChanges } from './helpers.mjs';
import { artifactsDir, openPage, studioDir, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

/** Berlin_0_256 scaled up k times (each tile k x k tiles), as the page's `city` source makes it. */
function city(k) {
  const base = parseMovingAiMap(readFileSync(join(studioDir, 'public', 'maps', 'Berlin_0_256.map'), 'utf8'));
  const grid = Grid.create(base.width * k, base.height * k, { shared: false });
  for (let y = 0; y < grid.height; y++)
    for (let x = 0; x < grid.width; x++)
      grid.passable[y * grid.width + x] = base.passable[Math.floor(y / k) * base.width + Math.floor(x / k)];
  return grid;
}

const shot = (page) => page.getByTestId('map-canvas').screenshot();

/** The stats of a finished 4096 x 4096 graph (4096 sectors of 64 x 64). */
const BUILT_4096 = '[data-testid="sector-stats"][data-sectors="4096"]';

/**
 * Arms the page to click the sector graph's Cancel the first time its progress bar shows a percentage above 0;
 * the percentage is then in `window.__cancelAt`.
 */
async function cancelWhenBuilding(page) {
  await page.evaluate(() => {
    window.__cancelAt = null;
    const observer = new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[data-testid="progress"]')) {
        const m = /building the sector graph\D*(\d+)%/.exec(bar.textContent ?? '');
        const button = [...bar.querySelectorAll('button')].find((b) => b.textContent === 'Cancel');
        if (!m || Number(m[1]) < 1 || !button) continue;
        observer.disconnect();
        window.__cancelAt = Number(m[1]);
        button.click();
        return;
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function setRange(page, testId, value) {
  await page.getByTestId(testId).evaluate((el, v) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, String(v));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

const ready = sectorsReady;
/** Hovers tile (x, y) and returns the readout's corridor cost text. */
const readCorridor = readTile;

describe('Big maps page', () => {
  it('shows the sector graph, the route with its cost, the corridor field, its units, and edits', async () => {
    const [sx, sy, gx, gy] = [128, 128, 900, 892];
    const { page, errors } = await openPage(
      browser,
      `${server.url}#/sectors?src=city&size=1024&s=${sx},${sy}&g=${gx},${gy}`,
    );
    await ready(page);
    // The controls overlay stays closed until asked for.
    assert.equal(await page.getByTestId('help').count(), 0);
    await page.getByTestId('help-open').waitFor();
    assert.equal(await page.getByTestId('sector-stats').getAttribute('data-sectors'), '256');
    assert.ok(Number(await page.getByTestId('sector-stats').getAttribute('data-entrances')) > 256);

    // The path's cost against the exact optimum (one full octile field in Node): never below, within 3%.
    const grid = city(4);
    const field = computeField(grid, { goals: [{ x: gx, y: gy }] });
    const optimum = field.cost[sy * grid.width + sx];
    const cost = Number(await page.getByTestId('route-stats').getAttribute('data-cost'));
    const routeCost = Number(await page.getByTestId('route-stats').getAttribute('data-route-cost'));
    assert.ok(cost >= optimum - 1e-6, `path cost ${cost} >= optimum ${optimum}`);
    assert.ok(cost <= optimum * 1.03, `path cost ${cost} within 3% of ${optimum}`);
    assert.ok(routeCost >= optimum - 1e-6 && Number.isFinite(routeCost));
    assert.match(await page.getByTestId('path-cost').textContent(), /cost [\d.]+ · [\d,]+ tiles · [\d.]+ ms/);
    // Answered in the route worker, over the page's shared memory.
    assert.equal(await page.getByTestId('route-where').getAttribute('data-where'), 'shared');

    // One far unit: its corridor would cover over a quarter of the 256 sectors, so one full field is computed
    // instead (the full-field fallback, at its default 25%): every sector, the exact optimum at the start.
    const stats = page.getByTestId('corridor-stats');
    assert.equal(await stats.getAttribute('data-full-field'), 'true');
    assert.equal(await stats.getAttribute('data-sectors'), '256');
    assert.match(await page.getByTestId('corridor-kind').textContent(), /one full field/);
    const atStartFull = Number(await readCorridor(page, sx, sy));
    assert.ok(Math.abs(atStartFull - optimum) <= 0.05, `full field cost ${atStartFull}, optimum ${optimum}`);
    assert.equal(await readCorridor(page, gx, gy), '0');

    // Without the fallback, the corridor covers some sectors only; its cost at the start lies between the optimum
    // and the path's cost.
    await page.getByTestId('full-field-above').selectOption('1');
    await page.waitForSelector('[data-testid="corridor-stats"][data-full-field="false"][data-done="true"]', {
      timeout: WAIT_MS,
    });
    const corridorSectors = Number(await page.getByTestId('corridor-stats').getAttribute('data-sectors'));
    assert.ok(corridorSectors > 0 && corridorSectors < 256, `${corridorSectors} sectors in the corridor`);
    // (the readout rounds costs over 100 to one decimal)
    const atStart = Number(await readCorridor(page, sx, sy));
    assert.ok(atStart >= optimum - 0.05 && atStart <= cost + 0.05, `corridor cost ${atStart}, optimum ${optimum}`);
    assert.equal(await readCorridor(page, gx, gy), '0');
    assert.ok(Number(await page.getByTestId('legend-max').textContent()) >= atStart - 0.1);
    assert.match(await page.getByTestId('readout-sector').textContent(), /^\d+ \(14, 13\)$/);
    await page.screenshot({ path: join(artifactsDir, 'sectors-1024.png') });

    // B hides the sector borders, H the corridor's heatmap: the drawing changes each time.
    await page.mouse.move(5, 5);
    await page.waitForTimeout(200);
    const all = await shot(page);
    await page.keyboard.press('b');
    // Each key redraws the map: wait for the change (a fixed pause may be too short on a loaded machine).
    const noBorders = await untilShotChanges(() => shot(page), all, 'the sector borders are drawn');
    await page.keyboard.press('h');
    await untilShotChanges(() => shot(page), noBorders, 'the corridor heatmap is drawn');
    await page.keyboard.press('b');
    await page.keyboard.press('h');

    // 100 units: one corridor field for all of them; every one reaches the goal.
    await page.getByTestId('unit-count').selectOption('100');
    await setRange(page, 'unit-speed', 600);
    await page.waitForSelector('[data-testid="corridor-stats"][data-done="true"]', { timeout: WAIT_MS });
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="corridor-arrived"]');
        const text = el?.textContent ?? '';
        const m = /(\d+) of (\d+)/.exec(text);
        return m !== null && Number(m[2]) > 50 && m[1] === m[2];
      },
      null,
      { timeout: WAIT_MS },
    );

    // Painting a wall rebuilds only the sectors it touched (in the pool), and the route is answered again.
    await page.getByTestId('sector-tool-wall').click();
    await dragTiles(page, [300, 500], [330, 500]);
    await page.waitForSelector('[data-testid="sector-update"]', { timeout: WAIT_MS });
    const update = page.getByTestId('sector-update');
    const rebuilt = Number(await update.getAttribute('data-sectors'));
    assert.equal(await update.getAttribute('data-full'), 'false');
    assert.ok(rebuilt >= 1 && rebuilt <= 8, `${rebuilt} sectors rebuilt`);
    assert.match(await update.textContent(), /\d+ sectors? rebuilt in [\d.]+ ms/);
    await ready(page);
    assert.ok(Number(await page.getByTestId('route-stats').getAttribute('data-cost')) >= optimum - 1e-6);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('replaces a route worker that crashed, and answers the query it was on', async () => {
    const [sx, sy, gx, gy] = [40, 40, 200, 210];
    const { page, errors } = await openPage(
      browser,
      `${server.url}#/sectors?src=city&size=256&s=${sx},${sy}&g=${gx},${gy}`,
    );
    await ready(page);
    const grid = city(1);
    const routeWorkers = () => page.workers().filter((w) => w.url().includes('route-worker'));
    assert.equal(routeWorkers().length, 1);
    // The worker stops reading messages, then throws an error nothing catches: the query sent meanwhile would
    // wait for ever on that worker.
    await routeWorkers()[0].evaluate(() => {
      self.onmessage = null;
      setTimeout(() => {
        throw new Error('a crash for the test');
      }, 1000);
    });
    let [nx, ny] = [180, 60];
    while (!grid.isPassable(nx, ny)) nx++;
    const optimum = computeField(grid, { goals: [{ x: nx, y: ny }] }).cost[sy * grid.width + sx];
    await hoverTile(page, nx, ny);
    await page.keyboard.press('g');
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="route-stats"]')?.getAttribute('data-goal') === want,
      `${nx},${ny}`,
      { timeout: WAIT_MS },
    );
    const cost = Number(await page.getByTestId('route-stats').getAttribute('data-cost'));
    assert.ok(cost >= optimum - 1e-6 && cost <= optimum * 1.03, `path cost ${cost}, optimum ${optimum}`);
    assert.equal(await page.getByTestId('route-where').getAttribute('data-where'), 'shared');
    await page.waitForFunction(() => document.querySelector('[data-testid="route-error"]') === null);
    assert.equal(routeWorkers().length, 1, 'the lost worker was ended and one other started');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('builds a 4096 x 4096 map in the pool with a progress bar that cancels', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/sectors?src=city&size=256`);
    await ready(page);
    await page.getByTestId('big-size').selectOption('4096');
    // The build's progress bar, cancelled while the build runs, then built again. The Cancel is clicked in the
    // page the moment the bar shows the build under way (a percentage above 0): a click sent from here arrives
    // a round trip later, and on a loaded machine the build can end in between (the test then waited in vain).
    let cancelled = null;
    for (let attempt = 0; attempt < 3 && cancelled === null; attempt++) {
      await cancelWhenBuilding(page);
      await page.getByTestId('big-generate').click();
      // Another try after a build that ended uncancelled: its graph goes once the new map is made.
      if (attempt > 0) await page.waitForSelector(BUILT_4096, { state: 'detached', timeout: 480_000 });
      const outcome = await page.waitForFunction(
        () =>
          window.__cancelAt ??
          (document.querySelector('[data-testid="sector-stats"][data-sectors="4096"]') ? 'built' : null),
        null,
        { timeout: 480_000 },
      );
      const value = await outcome.jsonValue();
      if (value !== 'built') cancelled = value;
    }
    assert.notEqual(cancelled, null, 'the bar never showed the build under way before it ended (3 tries)');
    assert.ok(cancelled >= 1 && cancelled <= 100, `cancelled at ${cancelled}%`);
    // Cancel stops the jobs in the workers (checked between sectors; a worker that does not answer is replaced).
    await page.waitForSelector('text=no graph (cancelled)', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    await ready(page, 480_000);
    assert.equal(await page.getByTestId('sector-stats').getAttribute('data-sectors'), '4096');
    assert.match(await page.getByTestId('big-map-label').textContent(), /4096 x 4096/);
    const cost = Number(await page.getByTestId('route-stats').getAttribute('data-cost'));
    assert.ok(Number.isFinite(cost) && cost > 3000, `cost ${cost}`);
    await page.screenshot({ path: join(artifactsDir, 'sectors-4096.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
