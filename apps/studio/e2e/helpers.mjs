// Helpers shared by the end-to-end tests: pointing at tiles, reading the hover readout, waiting for results,
// dropping files on a page, and reading downloads.
import { readFile } from 'node:fs/promises';
import { WAIT_MS } from './server.mjs';

/** Page coordinates of the centre of tile (x, y), from the map view's `data-view` transform. */
export async function tileCenter(page, x, y, canvasSelector = '[data-testid="map-canvas"]') {
  const canvas = page.locator(canvasSelector).first();
  const box = await canvas.boundingBox();
  const [scale, ox, oy] = (await canvas.getAttribute('data-view')).split(' ').map(Number);
  return { x: box.x + ox + (x + 0.5) * scale, y: box.y + oy + (y + 0.5) * scale };
}

/** Drags the mouse (left button) from the centre of tile `a` to that of tile `b` ([x, y] each) in `steps` moves. */
export async function dragTiles(page, a, b, steps = 8) {
  const p = await tileCenter(page, a[0], a[1]);
  const q = await tileCenter(page, b[0], b[1]);
  await page.mouse.move(p.x, p.y);
  await page.mouse.down();
  await page.mouse.move(q.x, q.y, { steps });
  await page.mouse.up();
}

/** Hovers tile (x, y) on a map page and waits until the hover readout names it. */
export async function hoverTile(page, x, y) {
  const p = await tileCenter(page, x, y);
  await page.mouse.move(p.x, p.y);
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="readout-tile"]')?.textContent === want,
    `${x}, ${y}`,
  );
}

/** Hovers tile (x, y) on a map page and returns the readout's value text. */
export async function readTile(page, x, y) {
  await hoverTile(page, x, y);
  return page.getByTestId('readout-value').textContent();
}

/** Waits until the Big maps page shows its sector graph, its route and the complete corridor field. */
export async function sectorsReady(page, timeout = 240_000) {
  await page.waitForSelector('[data-testid="sector-stats"]', { timeout });
  await page.waitForSelector('[data-testid="route-stats"]', { timeout });
  await page.waitForSelector('[data-testid="corridor-stats"][data-done="true"]', { timeout });
}

/** Waits until the Fields map shows a result for the current inputs (nothing running, no stale note). */
export async function settled(page, timeout = WAIT_MS) {
  await page.waitForTimeout(150);
  await page.waitForFunction(
    () => {
      const wrap = document.querySelector('[data-testid="map-wrap"]');
      return (
        wrap?.getAttribute('data-busy') === 'false' &&
        (wrap.getAttribute('data-result-key') ?? '') !== '' &&
        !document.querySelector('[data-testid="map-wrap"] [data-testid="progress"]') &&
        !document.body.textContent.includes('recomputing')
      );
    },
    null,
    { timeout },
  );
}

/**
 * Drops files on the element matching `selector` the way a user's drag does (dragover, then drop with a
 * DataTransfer holding File objects). `files`: { name, text } or { name, base64, type }.
 */
export async function dropFiles(page, selector, files) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = f.base64
        ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
        : new TextEncoder().encode(f.text);
      dt.items.add(new File([bytes], f.name, { type: f.type ?? '' }));
    }
    return dt;
  }, files);
  await page.dispatchEvent(selector, 'dragover', { dataTransfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

/** Clicks `selector` and returns the download it starts: its suggested name and bytes. */
export async function download(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** A PNG made in the page: `rows` of '#' (black) and '.' (white), one pixel per character, as base64. */
export async function pngFromRows(page, rows) {
  return page.evaluate(async (lines) => {
    const canvas = new OffscreenCanvas(lines[0].length, lines.length);
    const ctx = canvas.getContext('2d');
    lines.forEach((line, y) => {
      for (let x = 0; x < line.length; x++) {
        ctx.fillStyle = line[x] === '#' ? '#000000' : '#ffffff';
        ctx.fillRect(x, y, 1, 1);
      }
    });
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  }, rows);
}

/**
 * Records in the page whether an element matching `selector` shows up from now on, even for a moment (a progress
 * bar of a short run): a wait sent from the test can come too late to see it on a loaded machine, where the
 * test's own process waits for a core. Read the record with {@link appeared}.
 */
export async function watchFor(page, selector) {
  await page.evaluate((sel) => {
    window.__appeared ??= {};
    const seen = window.__appeared;
    seen[sel] = document.querySelector(sel) !== null;
    if (seen[sel]) return;
    const observer = new MutationObserver(() => {
      if (document.querySelector(sel) === null) return;
      seen[sel] = true;
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  }, selector);
}

/**
 * Records in the page every text an element matching `selector` shows from now on, however briefly: a progress
 * bar whose stages come and go faster than a wait sent from the test on a loaded machine. Texts that differ only
 * in their numbers (a bar's seconds and percentages) count once, the first kept; at most 50. Read them with
 * {@link shownTexts}.
 */
export async function watchTexts(page, selector) {
  await page.evaluate((sel) => {
    window.__shownTexts ??= {};
    window.__textObservers ??= {};
    window.__textObservers[sel]?.disconnect();
    const seen = new Map();
    window.__shownTexts[sel] = seen;
    const look = () => {
      for (const e of document.querySelectorAll(sel)) {
        const text = e.textContent ?? '';
        const shape = text.replace(/\d+/g, '#');
        if (seen.size < 50 && !seen.has(shape)) seen.set(shape, text);
      }
    };
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    window.__textObservers[sel] = observer;
  }, selector);
}

/** The texts elements matching `selector` showed since {@link watchTexts} armed the page (it stops watching). */
export function shownTexts(page, selector) {
  return page.evaluate((sel) => {
    window.__textObservers?.[sel]?.disconnect();
    return [...(window.__shownTexts?.[sel]?.values() ?? [])];
  }, selector);
}

/** Whether an element matching `selector` showed up since {@link watchFor} armed the page. */
export function appeared(page, selector) {
  return page.evaluate((sel) => window.__appeared?.[sel] === true, selector);
}

/**
 * Takes screenshots with `take` until one differs from `before`, and returns it: a drawing redone after a key
 * or a toggle shows up a frame or more later, and on a loaded machine a fixed pause is not always enough.
 * Throws naming `what` after {@link WAIT_MS}.
 */
export async function untilShotChanges(take, before, what) {
  const end = Date.now() + WAIT_MS;
  for (;;) {
    const shot = await take();
    if (!shot.equals(before)) return shot;
    if (Date.now() > end) throw new Error(`${what}: the drawing did not change within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
