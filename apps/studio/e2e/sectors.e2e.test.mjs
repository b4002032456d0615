// End-to-end tests of the Big maps page (issue 19): the sector graph built in the worker pool with its overlay,
// the route and path between a start and a goal (cost checked against the exact optimum computed here in Node),
// the corridor field as a heatmap with its readout (and its full-field fallback), units that follow it, edits that rebuild a few sectors, and a
// 4096 x 4096 map with a progress bar and Cancel.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { computeField, Grid, parseMovingAiMap } from '@fieldmarshal/core';
import { readTile, sectorsReady, tileCenter } from './helpers.mjs';
import { artifactsDir, launchBrowser, openPage, startPreview, studioDir } from './server.mjs';

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
      timeout: 60_000,
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
    await page.waitForTimeout(200);
    const noBorders = await shot(page);
    assert.notDeepEqual(noBorders, all, 'the sector borders are drawn');
    await page.keyboard.press('h');
    await page.waitForTimeout(200);
    assert.notDeepEqual(await shot(page), noBorders, 'the corridor heatmap is drawn');
    await page.keyboard.press('b');
    await page.keyboard.press('h');

    // 100 units: one corridor field for all of them; every one reaches the goal.
    await page.getByTestId('unit-count').selectOption('100');
    await setRange(page, 'unit-speed', 600);
    await page.waitForSelector('[data-testid="corridor-stats"][data-done="true"]', { timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="corridor-arrived"]');
        const text = el?.textContent ?? '';
        const m = /(\d+) of (\d+)/.exec(text);
        return m !== null && Number(m[2]) > 50 && m[1] === m[2];
      },
      null,
      { timeout: 90_000 },
    );

    // Painting a wall rebuilds only the sectors it touched (in the pool), and the route is answered again.
    await page.getByTestId('sector-tool-wall').click();
    const a = await tileCenter(page, 300, 500);
    const b = await tileCenter(page, 330, 500);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    await page.waitForSelector('[data-testid="sector-update"]', { timeout: 60_000 });
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

  it('builds a 4096 x 4096 map in the pool with a progress bar that cancels', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/sectors?src=city&size=256`);
    await ready(page);
    await page.getByTestId('big-size').selectOption('4096');
    await page.getByTestId('big-generate').click();
    // The build's progress bar, cancelled, then built again.
    const bar = page.locator('[data-testid="progress"]', { hasText: 'building the sector graph' });
    await bar.waitFor({ timeout: 60_000 });
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForSelector('text=no graph (cancelled)', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    await ready(page, 240_000);
    assert.equal(await page.getByTestId('sector-stats').getAttribute('data-sectors'), '4096');
    assert.match(await page.getByTestId('big-map-label').textContent(), /4096 x 4096/);
    const cost = Number(await page.getByTestId('route-stats').getAttribute('data-cost'));
    assert.ok(Number.isFinite(cost) && cost > 3000, `cost ${cost}`);
    await page.screenshot({ path: join(artifactsDir, 'sectors-4096.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
