// End-to-end: state that lasts (links, page changes, undo and redo), goals that stay when one is dragged, live
// field repair while painting (equal to a fresh field), and the layout from 1024x700 to 1920x1080.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeField, parseMovingAiMap } from '@fieldmarshal/core';
import { download, dragTiles, readTile, settled, tileCenter } from './helpers.mjs';
import { openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

const goalsText = (page) => page.locator('.panel', { hasText: 'Map mode' }).locator('.row .grow').first().textContent();
/** Clicks tile (x, y) of the Fields map; `shift` holds Shift (add a goal). */
const click = async (page, x, y, shift = false) => {
  const p = await tileCenter(page, x, y);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(p.x, p.y);
  if (shift) await page.keyboard.up('Shift');
};

describe('Fields page: state that lasts', () => {
  it('a copied link reopens the same view, and leaving the page and coming back keeps it', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/fields`);
    await page.waitForSelector('[data-testid="map-canvas"][data-view]');
    await page.getByTestId('map-source').selectOption('generated');
    const form = page.locator('.gen-form');
    await form.locator('select').nth(0).selectOption('rooms');
    await form.locator('select').nth(1).selectOption('64');
    await form.locator('select').nth(2).selectOption('64');
    await form.locator('input[type="number"]').fill('7');
    await page.getByTestId('generate').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent === 'rooms 64 x 64, seed 7',
    );
    await page.getByTestId('metric').selectOption('steps');
    await page.getByTestId('neighbors').selectOption('4');
    await page.getByTestId('scale').selectOption('cividis');
    // Two goals on walkable tiles: the first walkable tiles the readout reports.
    const walkable = [];
    for (const [x, y] of [
      [10, 10],
      [11, 10],
      [12, 10],
      [50, 50],
      [51, 50],
      [52, 50],
      [30, 40],
      [31, 40],
    ]) {
      await readTile(page, x, y);
      if (!/passability wall/.test(await page.getByTestId('readout').textContent())) walkable.push([x, y]);
    }
    assert.ok(walkable.length >= 2, 'two walkable tiles to put goals on');
    await click(page, ...walkable[0]);
    await click(page, ...walkable.at(-1), true);
    await settled(page);
    assert.equal(await goalsText(page), '2 goals');
    const probe = [33, 20];
    const value = await readTile(page, ...probe);
    // The link once it holds both goals (the hash is written after the view settles; `;` joins the points).
    await page.waitForFunction(() => /pts=[^&]*;/.test(decodeURIComponent(window.location.hash)));
    const link = page.url();
    assert.match(link, /src=generated/);
    assert.match(link, /gen=rooms%2C64%2C64%2C7/);

    // Another page and back: the same map, goals, settings and values.
    await page.click('[data-page="tactics"]');
    await page.waitForSelector('[data-testid="page-tactics"]');
    await page.click('[data-page="fields"]');
    await page.waitForSelector('[data-testid="page-fields"]');
    assert.equal(await page.getByTestId('map-label').textContent(), 'rooms 64 x 64, seed 7');
    assert.equal(await goalsText(page), '2 goals');
    assert.equal(await readTile(page, ...probe), value);

    // The copied link in a fresh browser context: the same view.
    const second = await openPage(browser, link);
    const p2 = second.page;
    await p2.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent === 'rooms 64 x 64, seed 7',
    );
    await settled(p2);
    assert.equal(await goalsText(p2), '2 goals');
    assert.deepEqual(
      [
        await p2.getByTestId('metric').inputValue(),
        await p2.getByTestId('neighbors').inputValue(),
        await p2.getByTestId('scale').inputValue(),
      ],
      ['steps', '4', 'cividis'],
    );
    assert.equal(await readTile(p2, ...probe), value);
    assert.deepEqual([...errors, ...second.errors], []);
    await p2.close();
    await page.close();
  });

  it('undoes and redoes wall strokes with the keys and the buttons', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/fields`);
    await page.waitForSelector('[data-testid="map-canvas"][data-view]');
    await click(page, 3, 10);
    await settled(page);
    await page.keyboard.press('w');
    await dragTiles(page, [12, 12], [15, 12], 4);
    await settled(page);
    assert.equal(await readTile(page, 14, 12), 'wall');
    assert.equal((await page.getByTestId('undo').textContent()).trim(), 'Undo 1');
    await page.keyboard.press('Control+z');
    await settled(page);
    assert.notEqual(await readTile(page, 14, 12), 'wall');
    assert.equal((await page.getByTestId('redo').textContent()).trim(), 'Redo 1');
    await page.keyboard.press('Control+Shift+Z');
    await settled(page);
    assert.equal(await readTile(page, 14, 12), 'wall');
    await page.getByTestId('undo').click();
    await settled(page);
    assert.notEqual(await readTile(page, 12, 12), 'wall');
    await page.keyboard.press('Control+y');
    await settled(page);
    assert.equal(await readTile(page, 12, 12), 'wall');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('dragging one of three goals moves it and keeps the other two', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/fields`);
    await page.waitForSelector('[data-testid="map-canvas"][data-view]');
    await click(page, 3, 10);
    await click(page, 30, 3, true);
    await click(page, 15, 16, true);
    await settled(page);
    assert.equal(await goalsText(page), '3 goals');
    await dragTiles(page, [30, 3], [33, 4], 6);
    await settled(page);
    assert.equal(await goalsText(page), '3 goals');
    // The link follows (written a moment after the last change).
    await page.waitForFunction(() => window.location.hash.includes('pts=3%2C10%3B33%2C4%3B15%2C16'));
    assert.equal(await readTile(page, 33, 4), '0');
    assert.equal(await readTile(page, 3, 10), '0');
    assert.equal(await readTile(page, 15, 16), '0');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('painting walls repairs the field live, says how much it repaired, and equals a fresh field', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/fields?src=movingai:arena&pts=24,20&units=5,5`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent === 'arena (49 x 49)',
    );
    await settled(page);
    await page.getByTestId('highlight').check();
    await page.keyboard.press('w');
    await dragTiles(page, [10, 30], [20, 30]);
    await settled(page);
    const line = await page.getByTestId('repair-timing').textContent();
    // The whole stroke, summed over its live repairs: the tiles it painted, re-settled and the time, against a
    // full recompute.
    assert.match(
      line,
      /^edit of \d+ tiles: repaired [\d,]+ tiles in [\d.]+ ms \(full recompute [\d.]+ ms\)( over \d+ repairs)?/,
    );
    const painted = Number(/^edit of (\d+) tiles/.exec(line)[1]);
    assert.ok(painted >= 10, `the stroke painted ${painted} tiles`);
    const repairs = Number(await page.getByTestId('repair-timing').getAttribute('data-repairs'));
    assert.ok(repairs >= 1, `${repairs} repairs summed`);
    // The highlight's colour is in the legend.
    await page.locator('[data-swatch="changed"]').waitFor();
    // The map as the page has it now, and a fresh field on it: every probed tile agrees.
    const saved = await download(page, '[data-testid="save-map"]');
    const grid = parseMovingAiMap(saved.bytes.toString('utf8'));
    assert.equal(grid.isPassable(15, 30), false);
    const field = computeField(grid, { goals: [{ x: 24, y: 20 }] });
    const format = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) >= 100 ? 1 : 2));
    for (const [x, y] of [
      [15, 31],
      [12, 40],
      [20, 29],
      [30, 45],
      [5, 5],
    ]) {
      const c = field.cost[y * grid.width + x];
      const want = !grid.isPassable(x, y) ? 'wall' : Number.isFinite(c) ? format(c) : 'unreachable (∞)';
      assert.equal(await readTile(page, x, y), want, `tile ${x}, ${y}`);
    }
    // The unit keeps following the repaired field to the goal.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="units"] li')?.textContent.includes('arrived at a goal'),
      null,
      { timeout: WAIT_MS },
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** The page's controls stay inside their panels and the page has no horizontal scroll. */
async function checkLayout(page, width) {
  const problems = await page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`page is ${document.documentElement.scrollWidth} px wide`);
    const main = document.querySelector('main:not([hidden])');
    for (const el of main.querySelectorAll('.panel select, .panel input, .panel button')) {
      const panel = el.closest('.panel');
      const r = el.getBoundingClientRect();
      const p = panel.getBoundingClientRect();
      if (r.width > 0 && r.right > p.right + 1)
        out.push(
          `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 20)} sticks out of its panel by ${Math.round(r.right - p.right)} px`,
        );
    }
    return out;
  });
  assert.deepEqual(problems, [], `layout at ${width} px`);
}

describe('layout from 1024x700 to 1920x1080', () => {
  it('every page fits 1024x700 and 1920x1080 with its main controls on screen', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/fields`, { width: 1024, height: 700 });
    for (const [width, height] of [
      [1024, 700],
      [1920, 1080],
    ]) {
      await page.setViewportSize({ width, height });
      const onScreen = async (selector) => {
        const box = await page.locator(selector).first().boundingBox();
        assert.ok(
          box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 1 && box.y + box.height <= height + 1,
          `${selector} at ${width}x${height}: ${JSON.stringify(box)}`,
        );
      };
      await page.click('[data-page="fields"]');
      await page.waitForSelector('[data-testid="page-fields"] [data-testid="map-canvas"][data-view]');
      for (const s of [
        '[data-testid="map-canvas"]',
        '[data-testid="legend"]',
        '[data-testid="readout"]',
        '[data-tool="wall"]',
        '[data-testid="undo"]',
        '[data-testid="fit"]',
      ])
        await onScreen(`[data-testid="page-fields"] ${s}`);
      await checkLayout(page, width);
      await page.click('[data-page="tactics"]');
      await page.waitForSelector('[data-testid="tactics-decision"]');
      for (const s of [
        '[data-testid="tactics"] [data-testid="map-canvas"]',
        '[data-testid="tactics-legend"]',
        '[data-testid="tactics-decision"]',
      ])
        await onScreen(s);
      await checkLayout(page, width);
      await page.click('[data-page="units"]');
      for (const demo of ['chase', 'crowd', 'rts']) {
        await page.click(`[data-demo="${demo}"]`);
        const canvas = demo === 'chase' ? '[data-testid="orc-canvas"]' : `[data-testid="${demo}-canvas"]`;
        await page.waitForSelector(canvas);
        await onScreen(canvas);
        const side = await page.locator('main:not([hidden]) .sidebar').first().boundingBox();
        const box = await page.locator(canvas).boundingBox();
        assert.ok(side.x < box.x, `${demo}: the side panel is on the left of the canvas`);
        await checkLayout(page, width);
      }
      await page.click('[data-page="bench"]');
      await page.waitForSelector('[data-testid="bench-run"]');
      await onScreen('[data-testid="bench-results"]');
      await checkLayout(page, width);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
