// End-to-end: the Units and Tactics pages driven with the mouse and keyboard in headless Chromium, asserting
// what a user would see happen (orcs reach the hero, a crowd starts moving and settles, tactics candidates).
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

const number = async (page, selector) => Number((await page.textContent(selector))?.trim());

describe('Units page', () => {
  it('orcs rushing a standing hero all reach him', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units`);
    await page.waitForSelector('[data-testid="orc-canvas"]');
    await page.waitForFunction(
      () => /orcs on Frodo 8 \/ 8/.test(document.querySelector('[data-testid="orc-hud"]')?.textContent ?? ''),
      null,
      {
        timeout: 30_000,
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
        timeout: 10_000,
      },
    );
    const moving = await number(page, '[data-testid="crowd-moving"]');
    assert.ok(moving > 0);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="crowd-moving"]')?.textContent) === 0,
      null,
      {
        timeout: 90_000,
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
        timeout: 10_000,
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
        timeout: 90_000,
      },
    );
    await page.screenshot({ path: join(artifactsDir, 'units-rts.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('Tactics page', () => {
  it('places both characters with the mouse and cycles candidates with A', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/tactics`);
    const map = page.locator('canvas').first();
    await map.waitFor();
    const box = await map.boundingBox();
    await page.mouse.click(box.x + box.width * 0.15, box.y + box.height * 0.2);
    await page.mouse.click(box.x + box.width * 0.85, box.y + box.height * 0.8, { button: 'right' });
    await page.waitForSelector('[data-testid="tactics-flank"]', { timeout: 20_000 });
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
