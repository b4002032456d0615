// End-to-end: your own maps on the Fields page. Files dropped on the page (a Moving AI map with its scenario,
// an ASCII map with a legend, a PNG, a broken file), the edited map saved as .map, the view exported as PNG
// and the field as data (JSON and binary), and the data opened again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeField, generateMap, parseMovingAiMap } from '@fieldmarshal/core';
import { download, dropFiles, pngFromRows, readTile, settled, tileCenter } from './helpers.mjs';
import { openPage, WAIT_MS, withStudio } from './server.mjs';

let server;
let browser;
withStudio((s, b) => {
  server = s;
  browser = b;
});

const PAGE = '[data-testid="fields-page"]';

const TEST_MAP = `type octile
height 8
width 12
map
............
.@@@@@@@@@@.
.@........@.
.@.@@@@@@.@.
.@.@....@.@.
.@...@@...@.
.@@@@@@@@.@.
............
`;

async function openFields() {
  const { page, errors } = await openPage(browser, `${server.url}#/fields`);
  await page.waitForSelector('[data-testid="map-canvas"][data-view]');
  await page.waitForFunction(() => document.querySelector('[data-testid="map-label"]')?.textContent.includes('demo'));
  return { page, errors };
}

const label = (page) => page.getByTestId('map-label').textContent();
const format = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) >= 100 ? 1 : 2));
/** What the readout says for tile (x, y) of `grid` with costs `cost`. */
const readout = (grid, cost, x, y) => {
  if (!grid.isPassable(x, y)) return 'wall';
  const c = cost[y * grid.width + x];
  return Number.isFinite(c) ? format(c) : 'unreachable (∞)';
};

describe('Fields page: own maps', () => {
  it('opens a dropped Moving AI map with its scenario, lists the rows and runs one at its optimal length', async () => {
    const grid = parseMovingAiMap(TEST_MAP);
    const rules = { metric: 'octile', neighbors: 8, diagonal: 'if-both-free' };
    const pairs = [
      [0, 0, 11, 7],
      [2, 2, 5, 4],
      [11, 0, 0, 7],
    ];
    const scen = [
      'version 1',
      ...pairs.map(([sx, sy, gx, gy]) => {
        const cost = computeField(grid, { goals: [{ x: gx, y: gy }], ...rules }).cost[sy * 12 + sx];
        return ['0', 'maps/test/test.map', '12', '8', sx, sy, gx, gy, cost.toFixed(5)].join('\t');
      }),
    ].join('\n');
    const { page, errors } = await openFields();
    await dropFiles(page, PAGE, [
      { name: 'test.map.scen', text: scen },
      { name: 'test.map', text: TEST_MAP },
    ]);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent === 'test.map (12 x 8)',
    );
    await page.getByTestId('scenario-panel').waitFor();
    assert.equal(await page.getByTestId('scenario-run').count(), 3, 'the three rows are listed');
    await page.getByTestId('scenario-run').nth(1).click();
    await settled(page);
    assert.match(await page.getByTestId('scenario-verdict').textContent(), /= optimal/);
    // The field shown is the one computeField gives for the row's goal.
    const field = computeField(grid, { goals: [{ x: 5, y: 4 }], ...rules });
    for (const [x, y] of [
      [2, 2],
      [0, 0],
      [11, 7],
    ])
      assert.equal(await readTile(page, x, y), readout(grid, field.cost, x, y), `tile ${x}, ${y}`);
    await page.getByTestId('scenario-check').click();
    await page.waitForFunction(() =>
      /3\/3 rows/.test(document.querySelector('[data-testid="scenario-check-result"]')?.textContent ?? ''),
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('reads an ASCII map through its legend and an image through a threshold, and a bad file keeps the map', async () => {
    const { page, errors } = await openFields();
    const ascii = ['##########', '#..3333..#', '#..~~~~..#', '#........#', '##########'].join('\n');
    await dropFiles(page, PAGE, [{ name: 'level.txt', text: ascii }]);
    const dialog = page.getByTestId('file-dialog');
    await dialog.waitFor();
    await page.waitForFunction(() =>
      /10 x 5 tiles, with terrain costs/.test(document.querySelector('[data-testid="file-dialog"]')?.textContent ?? ''),
    );
    await page.getByTestId('file-use').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent === 'level.txt (10 x 5)',
    );
    // The legend's guesses: digits are ground with that terrain cost, ~ is water.
    await readTile(page, 4, 1);
    assert.equal(await page.getByTestId('readout-terrain').textContent(), ' · terrain 3');
    await readTile(page, 4, 2);
    assert.match(await page.getByTestId('readout').textContent(), /passability water/);

    const png = await pngFromRows(page, ['##########', '#........#', '#..####..#', '#........#', '##########']);
    await dropFiles(page, PAGE, [{ name: 'rooms.png', base64: png, type: 'image/png' }]);
    await dialog.waitFor();
    await page.waitForFunction(() =>
      /10 x 5 tiles/.test(document.querySelector('[data-testid="file-dialog"]')?.textContent ?? ''),
    );
    await page.getByTestId('image-threshold').fill('40');
    await page.getByTestId('file-use').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent === 'rooms.png (10 x 5)',
    );
    await readTile(page, 4, 2);
    assert.match(await page.getByTestId('readout').textContent(), /passability wall/);
    await readTile(page, 4, 1);
    assert.match(await page.getByTestId('readout').textContent(), /passability ground/);

    const broken = 'type octile\nheight 3\nwidth 4\nmap\n....\n..x.\n....\n';
    await dropFiles(page, PAGE, [{ name: 'broken.map', text: broken }]);
    await page.getByTestId('file-error').waitFor();
    assert.match(
      await page.getByTestId('file-error').textContent(),
      /broken\.map: unexpected character "x".*\(line 6, column 3\)/,
    );
    assert.equal(await label(page), 'rooms.png (10 x 5)', 'the previous map stays');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('saves the edited map as .map, exports a PNG and the field as data, and opens the data again', async () => {
    const { page, errors } = await openFields();
    const goal = await tileCenter(page, 5, 10);
    await page.mouse.click(goal.x, goal.y);
    await settled(page);
    await page.click('[data-tool="wall"]');
    const wall = await tileCenter(page, 12, 13);
    await page.mouse.click(wall.x, wall.y);
    await settled(page);
    const saved = await download(page, '[data-testid="save-map"]');
    assert.match(saved.name, /\.map$/);
    const grid = parseMovingAiMap(saved.bytes.toString('utf8'));
    assert.deepEqual([grid.width, grid.height, grid.isPassable(12, 13), grid.isPassable(5, 10)], [40, 20, false, true]);
    // The field shown is computeField's on the saved map.
    const field = computeField(grid, { goals: [{ x: 5, y: 10 }] });
    const probes = [
      [30, 3],
      [13, 13],
      [2, 17],
      [12, 12],
    ];
    const shown = [];
    for (const [x, y] of probes) {
      shown.push(await readTile(page, x, y));
      assert.equal(shown.at(-1), readout(grid, field.cost, x, y), `tile ${x}, ${y}`);
    }

    const png = await download(page, '[data-testid="export-png"]');
    assert.match(png.name, /\.png$/);
    assert.deepEqual([...png.bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(''), 'PNG');
    const canvasHeight = await page.getByTestId('map-canvas').evaluate((c) => c.height);
    assert.ok(png.bytes.readUInt32BE(20) > canvasHeight, 'the PNG has the legend under the map');

    const data = await download(page, '[data-testid="export-data"]');
    assert.match(data.name, /\.field\.json$/);
    const json = JSON.parse(data.bytes.toString('utf8'));
    assert.deepEqual(
      [json.format, json.width, json.height, json.mode, json.values.length],
      ['fieldmarshal-field', 40, 20, 'cost', 800],
    );

    // Another map, then the saved field: the same map, goal and values come back.
    await page.getByTestId('map-source').selectOption('seed-002');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="map-label"]')?.textContent.includes('scent article level'),
    );
    await dropFiles(page, PAGE, [{ name: data.name, text: data.bytes.toString('utf8') }]);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="map-label"]')?.textContent.includes('saved field'),
    );
    await settled(page);
    for (const [k, [x, y]] of probes.entries())
      assert.equal(await readTile(page, x, y), shown[k], `reopened tile ${x}, ${y}`);
    assert.equal(await readTile(page, 12, 13), 'wall');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('exports a large field in the binary format and opens it again', async () => {
    // The same map the page generates from the link, for a walkable goal near its middle.
    const map = generateMap('random', 320, 320, { seed: 3, density: 0.2 });
    let goal = 160 * 320 + 160;
    while (!map.passable[goal]) goal++;
    const { page, errors } = await openPage(
      browser,
      `${server.url}#/fields?src=generated&gen=random,320,320,3,0.2&pts=${goal % 320},${Math.floor(goal / 320)}`,
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="map-label"]')?.textContent.includes('320 x 320'),
    );
    await settled(page);
    const before = await readTile(page, 100, 250);
    const data = await download(page, '[data-testid="export-data"]');
    assert.match(data.name, /\.fmfield$/);
    assert.equal(data.bytes.subarray(0, 4).toString('latin1'), 'FMFD');
    assert.deepEqual([data.bytes.readUInt32LE(8), data.bytes.readUInt32LE(12), data.bytes[16]], [320, 320, 1]);
    await page.getByTestId('map-source').selectOption('demo');
    await page.waitForFunction(() => document.querySelector('[data-testid="map-label"]')?.textContent.includes('demo'));
    await dropFiles(page, PAGE, [{ name: data.name, base64: data.bytes.toString('base64') }]);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="map-label"]')?.textContent.includes('saved field'),
      null,
      {
        timeout: WAIT_MS,
      },
    );
    await settled(page);
    assert.equal(await readTile(page, 100, 250), before);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
