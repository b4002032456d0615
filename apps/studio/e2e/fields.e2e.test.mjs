// End-to-end tests of the Fields page in headless Chromium: the maps it shows are read back through the hover
// readout and compared with exact expected values (seed 002's printed tables, and the core kernels run in Node).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { computeField, parseMovingAiMap } from '@fieldmarshal/core';
import { artifactsDir, openPage, studioDir, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

/** Page coordinates of the centre of tile (x, y), from the map view's `data-view` transform. */
async function tileCenter(page, x, y) {
  const canvas = page.getByTestId('map-canvas');
  const box = await canvas.boundingBox();
  const [scale, ox, oy] = (await canvas.getAttribute('data-view')).split(' ').map(Number);
  return { x: box.x + ox + (x + 0.5) * scale, y: box.y + oy + (y + 0.5) * scale };
}

/** Opens the Fields page (the controls overlay starts closed, so it does not cover the bottom-left tiles). */
async function openFields() {
  const { page, errors } = await openPage(browser, `${server.url}#/fields`);
  await page.waitForSelector('[data-testid="map-canvas"][data-view]');
  assert.equal(await page.getByTestId('help').count(), 0, 'the controls overlay starts closed');
  return { page, errors };
}

/** Hovers tile (x, y) and returns the readout's value text. */
async function readTile(page, x, y) {
  const p = await tileCenter(page, x, y);
  await page.mouse.move(p.x, p.y);
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="readout-tile"]')?.textContent === want,
    `${x}, ${y}`,
  );
  return page.getByTestId('readout-value').textContent();
}

/** The whole map as rows of readout values: '#' for walls and map-blocked tiles, numbers as text. */
async function readTable(page, width, height) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = [];
    for (let x = 0; x < width; x++) {
      const v = await readTile(page, x, y);
      row.push(v === 'wall' || v === 'blocked (-2)' ? '#' : v === 'unseen (-1)' ? '-1' : v);
    }
    rows.push(row.join(' '));
  }
  return rows;
}

/** Sets a range input the way a user drag does (React listens to `input`). */
async function setRange(page, testId, value) {
  await page.getByTestId(testId).evaluate((el, v) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, String(v));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** Waits until the map shown is computed for the current inputs (no progress bar, no stale note). */
async function settled(page) {
  // Give the page a moment to start the computation the last input asked for, then wait until a result for the
  // current mode is shown and nothing is running (data-busy and data-result-key on the map container).
  await page.waitForTimeout(150);
  await page.waitForFunction(
    () => {
      const wrap = document.querySelector('[data-testid="map-wrap"]');
      return (
        wrap?.getAttribute('data-busy') === 'false' &&
        (wrap.getAttribute('data-result-key') ?? '') !== '' &&
        !document.querySelector('[data-testid="progress"]') &&
        !document.body.textContent.includes('recomputing')
      );
      // A shared CI machine can be busy for a while (the worker service starts its threads on first use).
    },
    null,
    { timeout: WAIT_MS },
  );
}

async function openSeedLevel(mode) {
  const { page, errors } = await openFields();
  await page.getByTestId('map-source').selectOption('seed-002');
  await page.waitForFunction(() => document.body.textContent.includes('scent article level'));
  await page.click(`[data-mode="${mode}"]`);
  await page.getByTestId('neighbors').selectOption('4');
  return { page, errors };
}

// Seed 002's printed tables for the strength-9 scent map and its flee map (walls '#').
const SCENT_9 = [
  '3 4 5 4 3 2 1 0 -1',
  '2 # 6 # # # 0 # -1',
  '1 # 7 8 7 # -1 # -1',
  '0 # 8 9 8 # -1 # -1',
  '-1 # 7 8 7 # -1 -1 -1',
  '-1 # 6 7 6 # -1 -1 #',
  '-1 # # # # # # -1 -1',
  '-1 -1 -1 -1 # -1 # # -1',
  '-1 # -1 # # -1 # -1 -1',
];
const FLEE_9 = [
  '15 14 13 14 15 16 17 18 19',
  '16 # 12 # # # 18 # 19',
  '17 # 11 10 9 # 19 # 19',
  '18 # 10 # 8 # 19 # 19',
  '19 # 9 8 7 # 19 19 19',
  '19 # 8 7 6 # 19 19 #',
  '19 # # # # # # 19 19',
  '19 19 19 19 # 19 # # 19',
  '19 # 19 # # 19 # 19 19',
];

describe('Fields page', () => {
  it("shows seed 002's strength-9 scent map exactly, and its flee map", async () => {
    const { page, errors } = await openSeedLevel('scent');
    await setRange(page, 'strength', 9);
    await settled(page);
    assert.deepEqual(await readTable(page, 9, 9), SCENT_9);
    await page.click('[data-mode="flee"]');
    await settled(page);
    assert.deepEqual(await readTable(page, 9, 9), FLEE_9);
    await page.screenshot({ path: join(artifactsDir, 'fields-seed-flee.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('recomputes after painting: walling the door leaves the outside unseen', async () => {
    const { page, errors } = await openSeedLevel('scent');
    await setRange(page, 'strength', 9);
    await settled(page);
    assert.equal(await readTile(page, 0, 0), '3');
    await page.click('[data-tool="wall"]');
    const door = await tileCenter(page, 2, 1);
    await page.mouse.click(door.x, door.y);
    await settled(page);
    assert.equal(await readTile(page, 2, 1), 'wall');
    assert.equal(await readTile(page, 0, 0), 'unseen (-1)');
    assert.equal(await readTile(page, 2, 2), '7');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a unit cornered at S escapes down the safety map at coefficient -2, and stays at -0.5', async () => {
    const { page, errors } = await openSeedLevel('safety');
    await page.getByTestId('neighbors').selectOption('8');
    const unit = page.locator('[data-testid="units"] li').first();
    const walk = async (coefficient) => {
      await setRange(page, 'coefficient', coefficient);
      await settled(page);
      await page.getByRole('button', { name: 'Restart' }).click();
      await page.waitForTimeout(100);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="units"] li')?.getAttribute('data-status') === 'resting',
        null,
        { timeout: WAIT_MS },
      );
      return (await unit.getAttribute('data-trail')).split(' ');
    };
    // Seed 002's drawing: the hero (threat) at 3,3, the snake S at 4,5, the door + at 2,1.
    const fled = await walk(-2);
    assert.equal(fled[0], '4,5');
    assert.ok(fled.includes('2,1'), `trail ${fled.join(' ')} passes the door 2,1`);
    assert.ok(fled.length > 6, `trail ${fled.join(' ')} leaves the room`);
    const corner = await walk(-0.5);
    assert.deepEqual(corner, ['4,5'], 'between -1 and 0 the corner is the safest place');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows the same octile costs as computeField on the arena map', async () => {
    const grid = parseMovingAiMap(readFileSync(join(studioDir, 'public', 'maps', 'arena.map'), 'utf8'));
    const { page, errors } = await openFields();
    await page.getByTestId('map-source').selectOption('movingai:arena');
    await page.waitForFunction(() => document.body.textContent.includes('arena (49 x 49)'));
    await page.waitForTimeout(200);
    const goal = { x: 24, y: 20 };
    assert.ok(grid.isPassable(goal.x, goal.y));
    const g = await tileCenter(page, goal.x, goal.y);
    await page.mouse.click(g.x, g.y);
    await settled(page);
    const field = computeField(grid, { goals: [goal] });
    const format = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) >= 100 ? 1 : 2));
    for (const [x, y] of [
      [24, 20],
      [3, 3],
      [45, 44],
      [10, 30],
      [30, 8],
      [0, 0],
      [40, 25],
    ]) {
      const c = field.cost[y * grid.width + x];
      const want = !grid.isPassable(x, y) ? 'wall' : Number.isFinite(c) ? format(c) : 'unreachable (∞)';
      assert.equal(await readTile(page, x, y), want, `tile ${x}, ${y}`);
    }
    await page.screenshot({ path: join(artifactsDir, 'fields-arena.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('zooms with the wheel around the cursor, and fits back', async () => {
    const { page, errors } = await openFields();
    const canvas = page.getByTestId('map-canvas');
    await settled(page);
    const value = await readTile(page, 10, 5);
    await page.mouse.move(0, 0);
    const before = await canvas.getAttribute('data-view');
    const p = await tileCenter(page, 10, 5);
    await page.mouse.move(p.x, p.y);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction((b) => document.querySelector('[data-testid="map-canvas"]').dataset.view !== b, before);
    const [s0] = before.split(' ').map(Number);
    const [s1] = (await canvas.getAttribute('data-view')).split(' ').map(Number);
    assert.ok(s1 > s0 * 1.5, `zoomed in from ${s0} to ${s1} px per tile`);
    const q = await tileCenter(page, 10, 5);
    assert.ok(Math.hypot(q.x - p.x, q.y - p.y) < 1, 'the tile under the cursor stays under the cursor');
    // Right-drag and space + left-drag pan by exactly the distance dragged, without editing the map.
    const view = async () => (await canvas.getAttribute('data-view')).split(' ').map(Number);
    // The view once it has moved by (dx, dy) from (x, y): a drag is drawn a frame or more after the mouse moves
    // (a fixed pause may be too short on a loaded machine); a wrong pan times out with the view it reached.
    const panned = async (x, y, dx, dy) => {
      await page
        .waitForFunction(
          ([want, sel]) => {
            const [, vx, vy] = document.querySelector(sel).dataset.view.split(' ').map(Number);
            return vx === want[0] && vy === want[1];
          },
          [[x + dx, y + dy], '[data-testid="map-canvas"]'],
          { timeout: WAIT_MS },
        )
        .catch(() => {});
      return view();
    };
    const [, ax, ay] = await view();
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(p.x + 60, p.y + 30, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    const [, bx, by] = await panned(ax, ay, 60, 30);
    assert.deepEqual([bx - ax, by - ay], [60, 30]);
    await page.click('[data-tool="wall"]');
    await page.mouse.move(p.x, p.y);
    await page.keyboard.down('Space');
    await page.mouse.down();
    await page.mouse.move(p.x - 40, p.y + 20, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    const [, cx, cy] = await panned(bx, by, -40, 20);
    assert.deepEqual([cx - bx, cy - by], [-40, 20]);
    assert.equal(await readTile(page, 10, 5), value, 'panning with the wall tool painted nothing');
    await page.getByTestId('fit').click();
    await page.waitForFunction((b) => document.querySelector('[data-testid="map-canvas"]').dataset.view === b, before);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
