// End-to-end: every page at 1400x900 and 1024x700 (issue 33), screenshots kept in artifacts/: no horizontal
// scroll, no legend cut, the Bench page's Run button above the fold, the Fields tool hint in full; and one-tile
// walls still visible with a 2048 x 2048 map fitted at about 0.3 pixels per tile.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { settled } from './helpers.mjs';
import { artifactsDir, openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

/** What is wrong with the page on screen: horizontal scroll, legends cut or off screen. */
function problems() {
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth)
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
  const main = document.querySelector('main:not([hidden])');
  for (const el of main.querySelectorAll('.legend, [data-testid="tactics-legend"]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
      out.push(
        `legend cut: ${el.scrollWidth} x ${el.scrollHeight} px of content in ${el.clientWidth} x ${el.clientHeight}`,
      );
    if (r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1 || r.top < 0)
      out.push(`legend off screen: ${JSON.stringify(r)}`);
  }
  return out;
}

describe('every page at 1400x900 and 1024x700', () => {
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ]) {
    it(`shows every page whole at ${width}x${height}`, async () => {
      const { page, errors } = await openPage(browser, `${server.url}#/fields`, { width, height });
      const ready = {
        fields: '[data-testid="page-fields"] [data-testid="legend"]',
        tactics: '[data-testid="tactics-legend"]',
        units: '[data-testid="page-units"] canvas',
        sectors: '[data-testid="page-sectors"] [data-testid="sector-stats"]',
        bench: '[data-testid="bench-run"]',
      };
      for (const [id, selector] of Object.entries(ready)) {
        await page.click(`[data-page="${id}"]`);
        await page.waitForSelector(selector, { timeout: 120_000 });
        await page.waitForTimeout(800);
        await page.screenshot({ path: join(artifactsDir, `layout-${id}-${width}x${height}.png`) });
        assert.deepEqual(await page.evaluate(problems), [], `${id} at ${width}x${height}`);
      }
      // The Bench page's Run button is above the fold.
      const run = await page.getByTestId('bench-run').boundingBox();
      assert.ok(run && run.y >= 0 && run.y + run.height <= height, `Run at ${JSON.stringify(run)}`);
      // The Fields tool hint is shown in full, whatever the tool.
      await page.click('[data-page="fields"]');
      for (const key of ['g', 'w', 't', 'u']) {
        await page.locator('[data-testid="page-fields"] [data-testid="map-canvas"]').hover();
        await page.keyboard.press(key);
        const hint = await page.getByTestId('tool-hint').evaluate((el) => ({
          text: el.textContent,
          cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        }));
        assert.equal(hint.cut, false, `the hint "${hint.text}" is cut`);
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('one-tile walls stay visible on a 2048 x 2048 map fitted at about 0.3 px per tile', async () => {
    const { page, errors } = await openPage(
      browser,
      `${server.url}#/fields?src=generated&gen=rooms,2048,2048,1,0.2&pts=1000,1000`,
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent.includes('2048 x 2048'),
      null,
      { timeout: WAIT_MS },
    );
    await settled(page, 120_000);
    await page.waitForTimeout(500);
    const zoom = Number(await page.getByTestId('zoom-readout').getAttribute('data-zoom'));
    assert.ok(zoom < 0.4, `fitted at ${zoom} px/tile`);
    // Along a row of the canvas across the map: the rooms' one-tile walls (every 16 tiles) are darker lines.
    const dips = await page.getByTestId('map-canvas').evaluate((canvas) => {
      const [scale, ox, oy] = canvas.dataset.view.split(' ').map(Number);
      const dpr = canvas.width / canvas.getBoundingClientRect().width;
      const y = Math.round((oy + 1000.5 * scale + 20) * dpr);
      const x0 = Math.round((ox + 100 * scale) * dpr);
      const x1 = Math.round((ox + 1900 * scale) * dpr);
      const row = canvas.getContext('2d').getImageData(x0, y, x1 - x0, 1).data;
      const lum = [];
      for (let p = 0; p < row.length; p += 4) lum.push(0.3 * row[p] + 0.59 * row[p + 1] + 0.11 * row[p + 2]);
      let count = 0;
      for (let i = 2; i < lum.length - 2; i++) {
        const around = Math.max(lum[i - 2], lum[i + 2]);
        if (lum[i] <= lum[i - 1] && lum[i] < lum[i + 1] && around - lum[i] >= 0.12 * around) count++;
      }
      return count;
    });
    // 1800 tiles hold about 112 walls; most of them must show.
    console.log(`${dips} wall lines seen across 1,800 tiles`);
    assert.ok(dips >= 80, `${dips} wall lines seen across 1,800 tiles`);
    await page.getByTestId('map-canvas').screenshot({ path: join(artifactsDir, 'walls-at-0.3-px-per-tile.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
