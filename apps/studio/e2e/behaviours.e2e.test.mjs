// End-to-end: the Units and Tactics pages driven with the mouse and keyboard in headless Chromium, asserting
// what a user would see happen (orcs reach the hero, a crowd starts moving and settles, tactics candidates).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tileCenter } from './helpers.mjs';
import { artifactsDir, openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

const number = async (page, selector) => Number((await page.textContent(selector))?.trim());

describe('Units page', () => {
  it('orcs rushing a standing hero all reach him', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units`);
    await page.waitForSelector('[data-testid="orc-canvas"]');
    await page.waitForFunction(
      () => /orcs on Frodo 8 \/ 8/.test(document.querySelector('[data-testid="orc-hud"]')?.textContent ?? ''),
      null,
      {
        timeout: WAIT_MS,
      },
    );
    await page.screenshot({ path: join(artifactsDir, 'units-chase.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a crowd sent with a left click starts moving and settles', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units`);
    await page.click('[data-demo="crowd"]');
    const canvas = page.locator('[data-testid="crowd-canvas"]');
    await canvas.waitFor();
    // 100 units (50 per army): the red half settles in about 50 simulated seconds (200 take about 100).
    await page.locator('[data-testid="crowd-count"]').fill('100');
    await page.waitForFunction(() => document.querySelector('[data-testid="crowd-units"]')?.textContent === '100');
    const box = await canvas.boundingBox();
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.5);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="crowd-moving"]')?.textContent) > 0,
      null,
      {
        timeout: WAIT_MS,
      },
    );
    const moving = await number(page, '[data-testid="crowd-moving"]');
    assert.ok(moving > 0);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="crowd-moving"]')?.textContent) === 0,
      null,
      {
        timeout: WAIT_MS,
      },
    );
    await page.screenshot({ path: join(artifactsDir, 'units-crowd.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('Units page, RTS groups', () => {
  it('box-selects the blue army, orders it in a box formation with a right click, and it arrives', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units`);
    await page.click('[data-demo="rts"]');
    const canvas = page.locator('[data-testid="rts-canvas"]');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    // The readout shows the unit count once the simulation has run a frame: only then are units drawn and pickable.
    await page.waitForFunction(() =>
      /units\s*40/.test(document.querySelector('[data-testid="rts-readout"]')?.textContent ?? ''),
    );
    const tile = box.width / 48; // the demo map is 48 tiles wide
    const at = (x, y) => [box.x + x * tile, box.y + y * tile];
    // The blue army stands on tiles x 3..7, y 17..20: drag a selection box around it.
    await page.mouse.move(...at(2.2, 16.2));
    await page.mouse.down();
    await page.mouse.move(...at(5, 19), { steps: 4 });
    await page.mouse.move(...at(8.8, 21.8), { steps: 4 });
    await page.mouse.up();
    // The readout refreshes every few animation frames: wait for it rather than reading it once.
    await page
      .waitForFunction(() => document.querySelector('[data-testid="rts-selected"]')?.textContent === '20', null, {
        timeout: WAIT_MS,
      })
      .catch(() => undefined);
    await page.screenshot({ path: join(artifactsDir, 'units-rts-selected.png') });
    assert.equal(await page.textContent('[data-testid="rts-selected"]'), '20');
    await page.selectOption('[data-testid="rts-formation"]', 'box');
    await page.keyboard.press('F1');
    const [tx, ty] = at(10.5, 5.5);
    await page.mouse.click(tx, ty, { button: 'right' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rts-phase"]')?.textContent === 'arrived',
      null,
      {
        timeout: WAIT_MS,
      },
    );
    await page.screenshot({ path: join(artifactsDir, 'units-rts.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('Units page, RTS smooth routes', () => {
  it('with smooth routes on, the blue army ordered as a plain group across the map arrives', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units`);
    await page.click('[data-demo="rts"]');
    const canvas = page.locator('[data-testid="rts-canvas"]');
    await canvas.waitFor();
    await page.check('[data-testid="rts-smooth"]');
    const box = await canvas.boundingBox();
    await page.waitForFunction(() =>
      /units\s*40/.test(document.querySelector('[data-testid="rts-readout"]')?.textContent ?? ''),
    );
    assert.equal(await page.isChecked('[data-testid="rts-smooth"]'), true);
    const tile = box.width / 48;
    const at = (x, y) => [box.x + x * tile, box.y + y * tile];
    await page.mouse.move(...at(2.2, 16.2));
    await page.mouse.down();
    await page.mouse.move(...at(5, 19), { steps: 4 });
    await page.mouse.move(...at(8.8, 21.8), { steps: 4 });
    await page.mouse.up();
    await page
      .waitForFunction(() => document.querySelector('[data-testid="rts-selected"]')?.textContent === '20', null, {
        timeout: WAIT_MS,
      })
      .catch(() => undefined);
    assert.equal(await page.textContent('[data-testid="rts-selected"]'), '20');
    await page.selectOption('[data-testid="rts-formation"]', 'none');
    // Through the pass at the top of the ridge, to the open ground on the right.
    const [tx, ty] = at(31.5, 3.5);
    await page.mouse.click(tx, ty, { button: 'right' });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rts-phase"]')?.textContent === 'arrived',
      null,
      { timeout: WAIT_MS },
    );
    await page.screenshot({ path: join(artifactsDir, 'units-rts-smooth.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('Units page, RTS buildings', () => {
  it('B puts up a building on the way of a marching army, which re-routes round it', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units?demo=rts`);
    const canvas = page.locator('[data-testid="rts-canvas"]');
    await canvas.waitFor();
    await page.waitForFunction(() =>
      /units\s*40/.test(document.querySelector('[data-testid="rts-readout"]')?.textContent ?? ''),
    );
    const box = await canvas.boundingBox();
    const tile = box.width / 48;
    const at = (x, y) => [box.x + x * tile, box.y + y * tile];
    await page.mouse.move(...at(2.2, 16.2));
    await page.mouse.down();
    await page.mouse.move(...at(8.8, 21.8), { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('[data-testid="rts-selected"]')?.textContent === '20');
    // March east along rows 17-20, then build across the way (corner 10, 16: tiles 10-13 x 16-19).
    await page.mouse.click(...at(16.5, 18.5), { button: 'right' });
    // Once the formation marches (its way is planned), build across it.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="rts-phase"]')?.textContent === 'marching',
      null,
      {
        timeout: WAIT_MS,
      },
    );
    await page.mouse.move(...at(12.2, 18.2));
    await page.keyboard.press('b');
    await page.getByTestId('rts-message').waitFor();
    const message = await page.getByTestId('rts-message').textContent();
    const m = /building at \(10, 16\): (\d+) units re-routed/.exec(message);
    assert.ok(m && Number(m[1]) > 0, `re-routed: ${message}`);
    assert.equal(await page.textContent('[data-testid="rts-buildings"]'), '1');
    // No unit's way goes through the building any more, and the army marches on round it.
    await page.waitForFunction(() => document.querySelector('[data-testid="rts-blocked"]')?.textContent === '0');
    await page.waitForTimeout(1500);
    assert.equal(await page.textContent('[data-testid="rts-blocked"]'), '0');
    assert.match(await page.textContent('[data-testid="rts-phase"]'), /marching|forming|arrived/);
    // Shift+B takes it down again.
    await page.keyboard.press('Shift+B');
    await page.waitForFunction(() => document.querySelector('[data-testid="rts-buildings"]')?.textContent === '0');
    await page.screenshot({ path: join(artifactsDir, 'units-rts-building.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** The colours of the flank shading's classes (tactics-shading.ts), for reading the map's pixels. */
const FLANK_COLORS = {
  flankKept: [46, 150, 84],
  outsideHyperbola: [70, 76, 92],
  insideSmall: [112, 74, 150],
  outsideLarge: [34, 54, 96],
  unreachable: [38, 40, 46],
};

/** The seed's flank class of a tile with moves m from blue and t from red (as tactics-shading.ts). */
function flankClass(m, t, c) {
  if (!Number.isFinite(m) || !Number.isFinite(t)) return 'unreachable';
  if (Math.abs(m - t) > c.hyperbola) return 'outsideHyperbola';
  if (m + t < c.small) return 'insideSmall';
  if (m + t > c.large) return 'outsideLarge';
  return 'flankKept';
}

describe('Tactics page', () => {
  it('after every placement the shading shows the decision of that placement', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/tactics`);
    const canvas = page.getByTestId('map-canvas');
    await canvas.waitFor();
    await page.waitForSelector('[data-testid="tactics-flank"]', { timeout: WAIT_MS });
    const place = async (x, y, button) => {
      const p = await tileCenter(page, x, y);
      await page.mouse.click(p.x, p.y, { button });
      await page.waitForFunction(() => {
        const wrap = document.querySelector('[data-scene-key]');
        const scene = wrap?.getAttribute('data-scene-key');
        return scene && wrap.getAttribute('data-painted-key')?.startsWith(`${scene}:flank:scene`);
      });
    };
    const constants = async () => {
      const text = await page.getByTestId('tactics-decision').textContent();
      const n = (re) => Number(re.exec(text)[1]);
      return { hyperbola: n(/hyperbola (\d+)/), small: n(/small\s+ellipse (\d+)/), large: n(/large ellipse (\d+)/) };
    };
    /** Compares the painted colour of tiles with the class their readout's m and t give. */
    const check = async (label) => {
      const c = await constants();
      let compared = 0;
      for (let y = 2; y < 27; y += 7) {
        for (let x = 2; x < 47; x += 8) {
          const p = await tileCenter(page, x, y);
          await page.mouse.move(p.x, p.y);
          await page.waitForFunction(
            (want) =>
              document.querySelector('[data-testid="tactics-readout"]')?.textContent.includes(`tile ${want}set`),
            `${x}, ${y}`,
          );
          const text = await page.getByTestId('tactics-readout').textContent();
          const mt = /tile m, t\s*([\d∞]+), ([\d∞]+)/.exec(text);
          if (!mt || /set\s*wall/.test(text)) continue;
          const num = (s) => (s === '∞' ? Number.POSITIVE_INFINITY : Number(s));
          const want = FLANK_COLORS[flankClass(num(mt[1]), num(mt[2]), c)];
          const box = await canvas.boundingBox();
          const pixel = await canvas.evaluate(
            (el, [px, py]) => [...el.getContext('2d').getImageData(px, py, 1, 1).data].slice(0, 3),
            [
              Math.round((p.x - box.x) * (await page.evaluate(() => window.devicePixelRatio))),
              Math.round((p.y - box.y) * (await page.evaluate(() => window.devicePixelRatio))),
            ],
          );
          // Tiles under an overlay (routes, outlines, characters) show other colours: compare class colours only.
          if (!Object.values(FLANK_COLORS).some((k) => k.every((v, i) => v === pixel[i]))) continue;
          assert.deepEqual(pixel, want, `${label}: tile ${x}, ${y} with m, t = ${mt[1]}, ${mt[2]}`);
          compared++;
        }
      }
      assert.ok(compared >= 8, `${label}: ${compared} tiles compared`);
    };
    await place(15, 16, 'left');
    await check('blue at 15, 16');
    await place(30, 8, 'right');
    await check('red at 30, 8');
    await place(40, 20, 'left');
    await check('blue at 40, 20');
    // Each search has its own candidate; A and Shift+A step through the shaded one, both ways.
    const flank = page.getByTestId('tactics-flank');
    const first = await flank.textContent();
    assert.match(first, /the seed's random pick/);
    if (/flank: ([2-9]|\d\d+) candidates/.test(first)) {
      const retreat = await page.getByTestId('tactics-retreat').textContent();
      await page.keyboard.press('a');
      await page.waitForFunction(
        (old) => document.querySelector('[data-testid="tactics-flank"]')?.textContent !== old,
        first,
      );
      assert.match(await flank.textContent(), /candidate \d+ of \d+/);
      assert.equal(
        await page.getByTestId('tactics-retreat').textContent(),
        retreat,
        'A leaves the retreat search alone',
      );
      await page.keyboard.press('Shift+A');
      await page.waitForFunction(
        (old) => document.querySelector('[data-testid="tactics-flank"]')?.textContent === old,
        first,
      );
    }
    assert.ok((await page.getByTestId('tactics-summary').textContent()).length > 40, 'a plain summary of the decision');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('places both characters with the mouse and cycles candidates with A', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/tactics`);
    const map = page.locator('canvas').first();
    await map.waitFor();
    const box = await map.boundingBox();
    await page.mouse.click(box.x + box.width * 0.15, box.y + box.height * 0.2);
    await page.mouse.click(box.x + box.width * 0.85, box.y + box.height * 0.8, { button: 'right' });
    await page.waitForSelector('[data-testid="tactics-flank"]', { timeout: WAIT_MS });
    const before = await page.textContent('[data-testid="tactics-flank"]');
    assert.match(before, /flank: \d+ candidates/);
    const count = Number(/flank: (\d+) candidates/.exec(before)[1]);
    if (count > 1) {
      await page.keyboard.press('a');
      await page.waitForFunction(
        (old) => document.querySelector('[data-testid="tactics-flank"]')?.textContent !== old,
        before,
      );
    }
    await page.screenshot({ path: join(artifactsDir, 'tactics.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
