// End-to-end: Big maps reads at a glance and never freezes (issue 33). A 2048 x 2048 map made in a worker with
// progress, its graph and corridor with no main-thread task over 100 ms; zoom and pan on 8192 x 8192 at a p95
// frame of two 60 Hz frames; units, their way and the path in the legend with costs; layers too small to draw
// said so; your own map opened by a drop, kept in the browser, and reopened with its painted walls by a reload.
import assert from 'node:assert/strict';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { dragTiles, dropFiles, hoverTile, sectorsReady, shownTexts, tileCenter, watchTexts } from './helpers.mjs';
import { endWatch, watchFrames, watchLongTasks } from './long-tasks.mjs';
import { artifactsDir, openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

const ready = sectorsReady;

/** A Moving AI map: `side` x `side` ground with a wall across its middle, open at both ends. */
function ownMap(side) {
  const rows = [];
  for (let y = 0; y < side; y++) {
    let row = '';
    for (let x = 0; x < side; x++) row += y === side >> 1 && x > 20 && x < side - 20 ? '@' : '.';
    rows.push(row);
  }
  return `type octile\nheight ${side}\nwidth ${side}\nmap\n${rows.join('\n')}\n`;
}

/**
 * Runs `body(page, errors)` on a new page of `hash`, and always ends: the page closed and any long-task watch
 * ended, so a test that fails half-way leaves nothing running for the next (no trace recording, no page
 * computing on a loaded machine).
 */
async function onPage(hash, body) {
  const { page, errors } = await openPage(browser, `${server.url}${hash}`);
  try {
    await body(page, errors);
  } finally {
    await endWatch(browser);
    await page.close().catch(() => undefined);
  }
}

/** Hovers tile (x, y) and returns the whole readout's text. */
async function readout(page, x, y) {
  await hoverTile(page, x, y);
  return page.getByTestId('readout').textContent();
}

describe('Big maps: never freezes, reads at a glance', () => {
  it('makes a 2048 x 2048 map in a worker with progress, and builds its graph and corridor without long tasks', () =>
    onPage('#/sectors?src=random&size=256', async (page, errors) => {
      await ready(page);
      await page.getByTestId('big-size').selectOption('2048');
      // The bar's texts are recorded in the page: on a fast machine the map can be made before a wait sent from
      // here arrives, and on a loaded one this process can wait for a core as long as the bar shows.
      const bar = '.sectors-hud [data-testid="progress"]';
      await watchTexts(page, bar);
      const stop = await watchLongTasks(browser, page);
      await page.getByTestId('big-generate').click();
      await page.waitForSelector('[data-testid="big-map-label"]:has-text("2048 x 2048")');
      assert.match(await page.getByTestId('big-map-label').textContent(), /made in [\d.,]+ ms \(worker\)/);
      const texts = await shownTexts(page, bar);
      assert.ok(
        texts.some((t) => /making the map: generating 2048 x 2048 random, \d+\.\d s/.test(t)),
        `the progress bar showed the making of the map: ${JSON.stringify(texts.slice(0, 8))}`,
      );
      await ready(page);
      // A wall stroke on the 2048 x 2048 map: the graph is updated in the pool.
      await page.getByTestId('sector-tool-wall').click();
      const a = await tileCenter(page, 1000, 1000);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(a.x + 60, a.y + 10, { steps: 10 });
      await page.mouse.up();
      await page.waitForSelector('[data-testid="sector-update"]');
      await ready(page);
      const long = await stop();
      console.log(
        `long tasks while making a 2048² map, its graph, corridor and a wall stroke: ${long.summary}; longest main-thread task ${long.cpuQuantile(1).toFixed(1)} ms of CPU`,
      );
      assert.deepEqual(long.over(100), [], long.summary);
      assert.match(page.url(), /ed=/, 'the painted walls are in the link');
      assert.deepEqual(errors, []);
    }));

  it('zooms and pans 8192 x 8192 at a p95 frame of two 60 Hz frames, with the legend and notes of what shows', () =>
    onPage('#/sectors?src=city&size=8192&units=1000', async (page, errors) => {
      await ready(page);
      await page.waitForTimeout(500);
      // Fitted, sector borders and entrances are too small to draw: the page says so, and the zoom.
      assert.match(await page.getByTestId('zoom-note').textContent(), /sector borders and entrances too small/);
      const zoom0 = Number(await page.getByTestId('zoom-readout').getAttribute('data-zoom'));
      assert.ok(zoom0 > 0 && zoom0 < 0.2, `fitted zoom ${zoom0}`);
      assert.match(await page.getByTestId('zoom-readout').textContent(), /^zoom 0\.\d+ px\/tile$/);
      // The legend: units in their own colour, the path and the units' way each with its cost.
      const swatch = (id) => page.locator(`[data-swatch="${id}"]`).textContent();
      assert.match(await swatch('units'), /units \(1,000\)/);
      const pathCost = Number(await page.getByTestId('route-stats').getAttribute('data-cost'));
      const wayCost = Number(await page.getByTestId('way-cost').getAttribute('data-cost'));
      assert.match(await swatch('path'), /path \(findPath, cost [\d,.]+\)/);
      assert.match(await swatch('way'), /units' way \(corridor field, cost [\d,.]+\)/);
      assert.ok(wayCost <= pathCost + 1e-6, `the units' way (${wayCost}) is no longer than the path (${pathCost})`);
      await page.getByTestId('way-note').waitFor();

      const box = await page.getByTestId('map-canvas').boundingBox();
      const stopLong = await watchLongTasks(browser, page);
      const stopFrames = await watchFrames(page);
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.45);
      for (let k = 0; k < 30; k++) {
        await page.mouse.wheel(0, -120);
        await page.waitForTimeout(30);
      }
      await page.mouse.down({ button: 'right' });
      for (let k = 0; k < 30; k++) {
        await page.mouse.move(box.x + box.width * 0.4 - k * 10, box.y + box.height * 0.45 - k * 5);
        await page.waitForTimeout(16);
      }
      await page.mouse.up({ button: 'right' });
      for (let k = 0; k < 24; k++) {
        await page.mouse.wheel(0, 120);
        await page.waitForTimeout(30);
      }
      const frames = await stopFrames();
      const long = await stopLong();
      const load = loadavg()[0];
      const cores = cpus().length;
      console.log(
        `8192² zoom and pan: ${frames.frames.length} frames, median ${frames.median.toFixed(1)} ms, p95 ${frames.p95.toFixed(1)} ms, max ${frames.max.toFixed(1)} ms; main-thread task CPU p95 ${long.cpuQuantile(0.95).toFixed(1)} ms; ${long.summary}; load ${load.toFixed(1)} on ${cores} cores`,
      );
      // What the page works per frame fits a frame, whatever the machine's load.
      assert.ok(long.cpuQuantile(0.95) <= 16, `p95 main-thread task ${long.cpuQuantile(0.95)} ms of CPU`);
      assert.deepEqual(long.over(100), [], long.summary);
      // 33 ms is two frames at 60 Hz (33.3 ms): the frame intervals come in multiples of the display's. A machine
      // with more runnable work than cores delays frames the page did not ask to be late (its CPU, above, is the
      // page's part): the intervals are then reported, not held to the limit.
      if (load <= cores) assert.ok(frames.p95 <= 34, `p95 frame ${frames.p95} ms`);
      else console.log(`frame intervals not held to 33 ms: the machine's load (${load.toFixed(1)}) exceeds its cores`);
      // Zoomed in, the borders and entrances show and the note is gone; from half a pixel per tile the map is
      // painted from its kept pieces (not the background).
      await page.mouse.wheel(0, -600);
      await page.waitForTimeout(500);
      assert.equal(await page.getByTestId('zoom-note').count(), 0);
      const zoom = Number(await page.getByTestId('zoom-readout').getAttribute('data-zoom'));
      assert.ok(zoom >= 0.5 && zoom < 1, `zoom ${zoom}`);
      const background = await page.getByTestId('map-canvas').evaluate((canvas) => {
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let p = 0; p < data.length; p += 4) if (data[p] === 12 && data[p + 1] === 13 && data[p + 2] === 17) dark++;
        return dark / (data.length / 4);
      });
      assert.ok(background < 0.05, `${(background * 100).toFixed(1)}% of the view is background`);
      await page.screenshot({ path: join(artifactsDir, 'big-maps-8192-zoomed.png') });
      assert.deepEqual(errors, []);
    }));

  it('opens your own map by a drop, keeps it in the browser, and a reload brings it back with its painted walls', () =>
    onPage('#/sectors?src=city&size=256', async (page, errors) => {
      await ready(page);
      await dropFiles(page, '[data-testid="sectors-page"]', [{ name: 'my-big-map.map', text: ownMap(300) }]);
      await page.waitForSelector('[data-testid="big-map-label"]:has-text("my-big-map.map (300 x 300)")');
      await page.waitForSelector('[data-testid="big-kept"]:has-text("kept in this browser")');
      await ready(page);
      await page.waitForFunction(() => /src=kept%3A[0-9a-f]{16}/.test(window.location.hash));
      assert.match(await readout(page, 150, 150), /passability wall/);
      assert.match(await readout(page, 150, 100), /passability open/);
      // Paint a wall: the link holds it as edit runs.
      await page.getByTestId('sector-tool-wall').click();
      await dragTiles(page, [100, 60], [140, 60]);
      await page.waitForSelector('[data-testid="sector-update"]', { timeout: WAIT_MS });
      await page.waitForFunction(() => /[?&]ed=[\w-]+/.test(window.location.hash));
      const link = page.url();
      assert.match(await readout(page, 120, 60), /passability wall/);

      // A reload (the same link): the map comes from the browser, the walls from the link.
      await page.reload();
      await page.waitForSelector('[data-testid="big-map-label"]:has-text("my-big-map.map")', { timeout: WAIT_MS });
      await ready(page);
      assert.equal(page.url(), link);
      assert.match(await readout(page, 120, 60), /passability wall/);
      assert.match(await readout(page, 150, 150), /passability wall/);
      assert.match(await readout(page, 120, 70), /passability open/);
      // The kept maps are listed, and can be forgotten: then the link asks for the file again.
      await page.locator('[data-testid="kept-maps"] summary').click();
      assert.match(await page.getByTestId('kept-maps').textContent(), /my-big-map\.map \(300 x 300/);
      await page.getByTestId('forget-all').click();
      // The list goes once the browser's store has dropped them (a reload before that would still find the map).
      await page.getByTestId('kept-maps').waitFor({ state: 'detached' });
      await page.reload();
      await page.waitForSelector('[data-testid="big-error"]', { timeout: WAIT_MS });
      assert.match(await page.getByTestId('big-error').textContent(), /not kept in this browser.*open its file again/);
      assert.deepEqual(errors, []);
    }));
});
