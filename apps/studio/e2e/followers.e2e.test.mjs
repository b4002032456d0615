// End-to-end: the Units page's followers demo in headless Chromium: ten thousand followers step along a smooth
// flow, arrive at the goal, and walk to a new goal after a click; none is ever stuck, no console error.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { artifactsDir, openPage, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

const number = async (page, testId) => Number((await page.textContent(`[data-testid="${testId}"]`))?.trim());

describe('Units page, followers', () => {
  it('10k followers walk a flow to the goal, then to a clicked tile, none stuck', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units`);
    await page.click('[data-demo="followers"]');
    const canvas = page.locator('[data-testid="followers-canvas"]');
    await canvas.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="followers-count"]')?.textContent === '10000',
      null,
      {
        timeout: 30_000,
      },
    );
    assert.ok((await number(page, 'followers-moving')) > 0);
    // The nearest arrive within seconds.
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="followers-arrived"]')?.textContent) > 0,
      null,
      {
        timeout: 60_000,
      },
    );
    assert.equal(await number(page, 'followers-stuck'), 0);
    // A click on the map's upper left room sends everyone there: the arrived ones move again.
    const box = await canvas.boundingBox();
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.15);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="followers-moving"]')?.textContent) > 9000,
      null,
      {
        timeout: 20_000,
      },
    );
    assert.equal(await number(page, 'followers-stuck'), 0);
    await page.screenshot({ path: join(artifactsDir, 'units-followers.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
