// End-to-end tests of the smooth flows on the Fields page (issue 18): the toggle between the eight arrows and the
// flow, the three followers compared from a start (their lengths checked against each other and the field), and
// a unit that follows the flow to the goal.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readTile, settled, tileCenter, untilShotChanges } from './helpers.mjs';
import { artifactsDir, openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

/** The map canvas's pixels (a PNG of the element). */
const shot = (page) => page.getByTestId('map-canvas').screenshot();

/** Sets a range input the way a user drag does (React listens to `input`). */
async function setRange(page, testId, value) {
  await page.getByTestId(testId).evaluate((el, v) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, String(v));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** The lengths of the three followers in the comparison table. */
async function lengths(page) {
  const read = async (id) => Number(await page.getByTestId(`compare-${id}`).getAttribute('data-length'));
  return { eight: await read('eight'), flow: await read('flow'), any: await read('any') };
}

async function waitForFlow(page) {
  await page.waitForFunction(() =>
    /flow in [\d.]+ ms/.test(document.querySelector('[data-testid="flow-status"]')?.textContent ?? ''),
  );
  await page.waitForSelector('[data-testid="flow-compare"]');
}

describe('Fields page: smooth flows', () => {
  it('toggles between the eight arrows and the flow, and a unit follows the flow to the goal', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/fields`);
    await page.waitForSelector('[data-testid="map-canvas"][data-view]');
    await settled(page);
    assert.equal(await page.getByTestId('map-wrap').getAttribute('data-arrows'), 'eight');
    await page.waitForTimeout(300);
    const eightShot = await shot(page);

    await page.getByTestId('arrows-flow').check();
    await waitForFlow(page);
    assert.equal(await page.getByTestId('map-wrap').getAttribute('data-arrows'), 'flow');
    await untilShotChanges(() => shot(page), eightShot, 'the flow is drawn differently from the eight arrows');
    assert.match(await page.getByTestId('flow-status').textContent(), /worker, round trip/);

    // The demo level's unit: its follower runs along the flow and stops on the goal, having travelled exactly
    // the flow path's length from the comparison (same start, same flow).
    await setRange(page, 'units-speed', 60);
    const follower = page.getByTestId('flow-follower').first();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="flow-follower"]')?.getAttribute('data-status') === 'reached',
      null,
      { timeout: WAIT_MS },
    );
    const { eight, flow, any } = await lengths(page);
    assert.ok(Math.abs(Number(await follower.getAttribute('data-travelled')) - flow) < 1e-2, 'travelled = flow length');
    await page.screenshot({ path: join(artifactsDir, 'fields-flow.png') });

    // Eight arrows >= flow >= any-angle optimum; the flow within 3% of the optimum from this start.
    assert.ok(any > 0 && flow >= any - 1e-9 && eight >= flow - 1e-9, `eight ${eight}, flow ${flow}, any ${any}`);
    assert.ok(flow / any <= 1.03, `flow ${flow} within 3% of ${any}`);
    // The eight arrows' length is the field's octile cost at the start (the readout of the unit's tile).
    const [sx, sy] = (await page.locator('h3', { hasText: 'Path lengths from' }).textContent())
      .match(/\((\d+), (\d+)\)/)
      .slice(1)
      .map(Number);
    assert.equal(await readTile(page, sx, sy), eight.toFixed(2));

    // Streamlines (traced with sampleFlow) instead of arrows: the drawing changes again.
    await page.mouse.move(2, 2);
    await page.waitForTimeout(300);
    const arrowsShot = await shot(page);
    await page.getByTestId('flow-style').selectOption('streamlines');
    await untilShotChanges(() => shot(page), arrowsShot, 'streamlines are drawn differently from the flow arrows');
    await page.screenshot({ path: join(artifactsDir, 'fields-flow-streamlines.png') });

    // K compares from the tile under the cursor.
    const p = await tileCenter(page, 3, 3);
    await page.mouse.move(p.x, p.y);
    await page.keyboard.press('k');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="flow-panel"]')?.textContent.includes('Path lengths from (3, 3)'),
    );
    // The readout gives the flow's unit vector at the hovered tile.
    await page.waitForFunction(() => document.querySelector('[data-testid="readout-tile"]')?.textContent === '3, 3');
    const [vx, vy] = (await page.getByTestId('readout-dir').textContent())
      .match(/^flow (-?\d\.\d\d), (-?\d\.\d\d)$/)
      .slice(1)
      .map(Number);
    assert.ok(Math.abs(Math.hypot(vx, vy) - 1) < 0.02, `unit vector ${vx}, ${vy}`);
    const fromCorner = await lengths(page);
    assert.ok(fromCorner.flow >= fromCorner.any - 1e-9 && fromCorner.eight >= fromCorner.flow - 1e-9);

    // Painting a wall repairs the flow (updateFlow in the worker) instead of computing it again.
    let target = null;
    for (const [x, y] of [
      [6, 3],
      [3, 6],
      [6, 6],
      [8, 4],
      [4, 8],
    ]) {
      const value = await readTile(page, x, y);
      if (value !== 'wall' && !value.startsWith('blocked') && value !== '0') {
        target = [x, y];
        break;
      }
    }
    assert.ok(target, 'a walkable tile to wall');
    await page.click('[data-tool="wall"]');
    const at = await tileCenter(page, target[0], target[1]);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() =>
      /repaired, [\d,]+ tiles/.test(document.querySelector('[data-testid="flow-status"]')?.textContent ?? ''),
    );
    assert.equal(await readTile(page, target[0], target[1]), 'wall');

    // V goes back to the eight arrows: the units step along them again.
    await page.keyboard.press('v');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-wrap"]')?.getAttribute('data-arrows') === 'eight',
    );
    assert.equal(await page.getByTestId('flow-compare').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('keeps the flow mode in the link, and a new goal makes a new flow the followers re-plan on', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/fields?dirs=flow`);
    await page.waitForSelector('[data-testid="map-canvas"][data-view]');
    await settled(page);
    await waitForFlow(page);
    assert.equal(await page.getByTestId('arrows-flow').isChecked(), true);
    await page.waitForFunction(() => window.location.hash.includes('dirs=flow'));
    const before = await lengths(page);
    // Move the goal with a click of the goal tool (replaces the single goal).
    const goal = await tileCenter(page, 2, 17);
    await page.mouse.click(goal.x, goal.y);
    await settled(page);
    await page.waitForFunction(
      (old) => Number(document.querySelector('[data-testid="compare-flow"]')?.getAttribute('data-length')) !== old,
      before.flow,
    );
    const after = await lengths(page);
    assert.ok(after.flow >= after.any - 1e-9 && after.eight >= after.flow - 1e-9);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
