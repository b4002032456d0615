// End-to-end: the demos of the chasing and RTS documents that each sit one click away on the Units page: the orc
// guard of the oasis follows its pattern file, orcs evade Frodo, the pixel chaser catches its target, and the RTS
// patrol units visit their points in order under an arrow-key camera.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { artifactsDir, openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

const attr = (page, testId, name) => page.getAttribute(`[data-testid="${testId}"]`, name);

async function openScene(scene) {
  const { page, errors } = await openPage(browser, `${server.url}#/units`);
  await page.click(`[data-chase-scene="${scene}"]`);
  return { page, errors };
}

/**
 * The book's LoadPatternMovement + BuildPathSegment, transcribed: the stream of integers read four at a time,
 * each segment appended with the listing's Bresenham (the start only for the very first one), then moved to the
 * guard's start.
 */
function bookPatternPath(text, startX, startY) {
  const values = text
    .replace(/#[^\n]*/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  const pathX = [];
  const pathY = [];
  for (let s = 0; s + 3 < values.length; s += 4) {
    const [startAtX, startAtY, endAtX, endAtY] = values.slice(s, s + 4);
    let nextX = startAtX;
    let nextY = startAtY;
    let deltaX = endAtX - startAtX;
    let deltaY = endAtY - startAtY;
    const stepX = deltaX < 0 ? -1 : 1;
    const stepY = deltaY < 0 ? -1 : 1;
    if (pathX.length === 0) {
      pathX.push(startAtX);
      pathY.push(startAtY);
    }
    deltaX = Math.abs(deltaX * 2);
    deltaY = Math.abs(deltaY * 2);
    let fraction;
    if (deltaX > deltaY) {
      fraction = deltaY * 2 - deltaX;
      while (nextX !== endAtX) {
        if (fraction >= 0) {
          nextY += stepY;
          fraction -= deltaX;
        }
        nextX += stepX;
        fraction += deltaY;
        pathX.push(nextX);
        pathY.push(nextY);
      }
    } else {
      fraction = deltaX * 2 - deltaY;
      while (nextY !== endAtY) {
        if (fraction >= 0) {
          nextX += stepX;
          fraction -= deltaY;
        }
        nextY += stepY;
        fraction += deltaX;
        pathX.push(nextX);
        pathY.push(nextY);
      }
    }
  }
  const out = [];
  for (let i = 0; i < pathX.length; i++) out.push(pathX[i] + startX, pathY[i] + startY);
  return out;
}

describe('Units page: the demos of the chasing document', () => {
  it("the oasis guard walks its pattern file tile by tile, in the book's Bresenham and in the symmetric one", async () => {
    const { page, errors } = await openScene('oasis');
    await page.waitForSelector('[data-testid="oasis-guard"]');
    await page.click('[data-testid="oasis-play"]'); // pause: turns now come from the "." key only
    const text = await page.inputValue('[data-testid="oasis-pattern"]');
    // The pattern file is the book's stream format (several segments on a line) and closes on itself.
    assert.match(text, /0 0 9 0 {3}9 0 11 3/);
    const book = bookPatternPath(text, 19, 15);
    assert.deepEqual(book.slice(-2), [19, 15]); // closed: the last tile is the start again
    const listing = (await attr(page, 'oasis-guard', 'data-path')).split(',').map(Number);
    assert.deepEqual(listing, book); // the book's path by default, tile for tile, the return to the start included
    assert.equal(await attr(page, 'oasis-guard', 'data-closed'), 'true');

    const walk = async (path, turns) => {
      await page.keyboard.press('r');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="oasis-guard"]')?.getAttribute('data-turn') === '0',
      );
      const seen = [];
      const loop = path.length / 2 - 1; // the last tile is the start again: one loop is one tile shorter
      for (let t = 1; t <= turns; t++) {
        await page.keyboard.press('.');
        await page.waitForFunction(
          (want) => document.querySelector('[data-testid="oasis-guard"]')?.getAttribute('data-turn') === want,
          String(t),
        );
        const x = Number(await attr(page, 'oasis-guard', 'data-x'));
        const y = Number(await attr(page, 'oasis-guard', 'data-y'));
        const index = Number(await attr(page, 'oasis-guard', 'data-index'));
        assert.equal(index, t % loop, `turn ${t}`);
        assert.deepEqual([x, y], [path[2 * index], path[2 * index + 1]], `turn ${t}`);
        seen.push(`${x},${y}`);
      }
      return seen;
    };
    const loop = listing.length / 2 - 1;
    const seen = await walk(listing, loop + 3);
    // The corners of the pattern (start + normalised points), visited in the file's order, then round again.
    const corners = ['28,15', '30,18', '30,21', '25,23', '19,22', '19,15'].map((c) => seen.indexOf(c));
    assert.ok(
      corners.every((k, i) => k >= 0 && (i === 0 || k > corners[i - 1])),
      `corners in order: ${corners}`,
    );
    assert.equal(seen[loop], seen[0]); // one loop later it is where it was after the first turn
    assert.equal(seen[loop - 1], '19,15'); // on the start once per loop, never twice in a row
    assert.notEqual(seen[loop - 2], '19,15');
    await page.screenshot({ path: join(artifactsDir, 'units-oasis.png') });

    await page.keyboard.press('y'); // the symmetric line
    await page.waitForFunction(
      () => document.querySelector('[data-oasis-style="symmetric"]')?.getAttribute('aria-pressed') === 'true',
    );
    const symmetric = (await attr(page, 'oasis-guard', 'data-path')).split(',').map(Number);
    assert.equal(symmetric.length, listing.length);
    assert.notDeepEqual(symmetric, listing);
    const differ = Number((await page.textContent('[data-testid="oasis-differ"]')).match(/differ on (\d+)/)[1]);
    let count = 0;
    for (let i = 0; i < listing.length; i += 2)
      if (listing[i] !== symmetric[i] || listing[i + 1] !== symmetric[i + 1]) count++;
    assert.equal(differ, count);
    assert.ok(count > 0);
    await walk(symmetric, 8);

    // A broken pattern shows its line and column and keeps the last good one walking.
    await page.fill('[data-testid="oasis-pattern"]', '0 0 9 0\n9 0 x 3\n');
    await page.waitForSelector('[data-testid="pattern-error"]');
    assert.match(await page.textContent('[data-testid="pattern-error"]'), /Line 2, column 5/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("orcs on the symmetric lines (mode 4) all reach Frodo; mode 2 is the book's line", async () => {
    const { page, errors } = await openScene('orcs');
    await page.waitForSelector('[data-testid="orc-canvas"]');
    assert.match(await page.textContent('[data-orc-mode="bresenham"]'), /the book's/);
    await page.click('[data-orc-mode="symmetric"]');
    await page.waitForFunction(
      () => document.querySelector('[data-orc-mode="symmetric"]')?.getAttribute('aria-pressed') === 'true',
    );
    await page.waitForFunction(
      () => /orcs on Frodo 8 \/ 8/.test(document.querySelector('[data-testid="orc-hud"]')?.textContent ?? ''),
      null,
      { timeout: WAIT_MS },
    );
    assert.match(await page.textContent('.layout'), /31 of 219 tiles/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("the biplanes intercept at the book's closing-velocity point first, or at the exact point, as chosen", async () => {
    const { page, errors } = await openScene('pursuit');
    await page.waitForSelector('[data-testid="pursuit-hud"]');
    const modeIs = (re) =>
      page.waitForFunction(
        (source) => new RegExp(source).test(document.querySelector('[data-testid="pursuit-mode"]')?.textContent ?? ''),
        re.source,
        { timeout: WAIT_MS },
      );
    await page.keyboard.press('i');
    await modeIs(/intercepting \(closing-velocity point\)/);
    await page.keyboard.press('m');
    await modeIs(/intercepting \(exact point\)/);
    await page.keyboard.press('m');
    await modeIs(/intercepting \(closing-velocity point\)/);
    await page.screenshot({ path: join(artifactsDir, 'units-pursuit.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('orcs evade Frodo: every orc ends farther than it started, pinned against the walls', async () => {
    const { page, errors } = await openScene('evade');
    await page.waitForSelector('[data-testid="evade-hud"]');
    // The nearest orcs start 3 tiles from Frodo (at (38,15) and (43,14), Frodo at (40,12)).
    await page.waitForFunction(
      () => document.querySelector('[data-testid="evade-pinned"]')?.getAttribute('data-value') === '8',
      null,
      { timeout: WAIT_MS },
    );
    assert.equal(await attr(page, 'evade-farther', 'data-value'), 'true');
    assert.ok(Number(await attr(page, 'evade-nearest', 'data-value')) > 3);
    await page.screenshot({ path: join(artifactsDir, 'units-evade.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the pixel chaser catches a standing player, then a walking one', async () => {
    const { page, errors } = await openScene('pixel');
    await page.waitForSelector('[data-testid="pixel-hud"]');
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="pixel-catches"]')?.getAttribute('data-value')) >= 1,
      null,
      { timeout: WAIT_MS },
    );
    await page.click('[data-testid="pixel-walk"]');
    const before = Number(await attr(page, 'pixel-catches', 'data-value'));
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="pixel-catches"]')?.getAttribute('data-value')) > n,
      before,
      { timeout: WAIT_MS },
    );
    await page.screenshot({ path: join(artifactsDir, 'units-pixel.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('Units page: RTS patrol and camera', () => {
  it('patrol units visit their points in order; the arrow keys move the camera within the map', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/units`);
    await page.click('[data-demo="rts-patrol"]');
    await page.waitForSelector('[data-testid="rts-patrol-hud"]');
    await page.click('[data-time-scale="4"]');
    const visits = (i) =>
      page
        .getAttribute(`[data-testid="rts-patrol-unit-${i}"]`, 'data-visits')
        .then((v) => (v ? v.split(',').map(Number) : []));
    for (const [i, points, want] of [
      [0, 4, 6],
      [1, 3, 4],
    ]) {
      await page.waitForFunction(
        ([id, n]) => {
          const v = document.querySelector(`[data-testid="rts-patrol-unit-${id}"]`)?.getAttribute('data-visits');
          return v ? v.split(',').length >= n : false;
        },
        [i, want],
        { timeout: WAIT_MS },
      );
      const v = await visits(i);
      assert.equal(v[0], 0, `unit ${i} starts at its first point`);
      for (let k = 1; k < v.length; k++) assert.equal(v[k], (v[k - 1] + 1) % points, `unit ${i}: ${v}`);
    }

    const camera = async () => [
      Number(await attr(page, 'rts-patrol-camera', 'data-x')),
      Number(await attr(page, 'rts-patrol-camera', 'data-y')),
    ];
    const waitCamera = (x, y) =>
      page.waitForFunction(
        ([wx, wy]) => {
          const e = document.querySelector('[data-testid="rts-patrol-camera"]');
          return e?.getAttribute('data-x') === String(wx) && e?.getAttribute('data-y') === String(wy);
        },
        [x, y],
      );
    assert.deepEqual(await camera(), [0, 0]);
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
    for (let k = 0; k < 2; k++) await page.keyboard.press('ArrowDown');
    await waitCamera(6, 4);
    for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowLeft');
    await waitCamera(0, 4);
    for (let k = 0; k < 40; k++) await page.keyboard.press('ArrowRight');
    for (let k = 0; k < 40; k++) await page.keyboard.press('ArrowDown');
    await waitCamera(56, 39); // the map is 96 x 64, the view 40 x 25
    await page.screenshot({ path: join(artifactsDir, 'units-rts-patrol.png') });
    await page.keyboard.press('h');
    await waitCamera(0, 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('Bench page: the behaviour suites', () => {
  it('runs the crowd (one thread, 1 and 2 workers) and the RTS world in the bench worker, and charts them', async () => {
    const { page, errors } = await openPage(browser, `${server.url}#/bench?crowd=10000&rts=200&steps=6`);
    await page.waitForSelector('[data-testid="bench-run"]');
    // No field kernels this time: no map is picked (crowd and RTS bring their own).
    await page.getByLabel('512²').uncheck();
    await page.getByLabel('1024²').uncheck();
    await page.click('[data-testid="bench-run"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bench-status"]')?.textContent?.startsWith('finished'),
      null,
      { timeout: 180_000 },
    );
    const rows = await page.$$eval('[data-testid="behaviour-results"] tbody tr', (trs) =>
      trs.map((tr) => ({
        suite: tr.getAttribute('data-suite'),
        units: Number(tr.getAttribute('data-units')),
        where: tr.children[2]?.textContent,
        samples: Number(tr.children[3]?.textContent),
        median: Number(tr.querySelector('[data-median]')?.getAttribute('data-median')),
      })),
    );
    assert.deepEqual(
      rows.map((r) => `${r.suite} ${r.units} ${r.where} ${r.samples}`),
      ['crowd 10000 single thread 6', 'crowd 10000 1 worker 6', 'crowd 10000 2 workers 6', 'rts 200 single thread 60'],
    );
    for (const r of rows) assert.ok(Number.isFinite(r.median) && r.median > 0, JSON.stringify(r));
    const charts = await page.$$eval('[data-testid="behaviour-bench"] svg', (svgs) => svgs.length);
    assert.equal(charts, 2);
    await page
      .locator('[data-testid="behaviour-bench"]')
      .screenshot({ path: join(artifactsDir, 'bench-behaviours.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
