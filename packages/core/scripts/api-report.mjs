#!/usr/bin/env node
// The API report: API Extractor (`@microsoft/api-extractor`) reads the built declaration files of every entry of
// the package (`.`, each family subpath, `./worker`, `./worker-runtime`: the `exports` of package.json) and writes
// one `api/<entry>.api.md` per entry with every exported name's full declaration (signatures, parameter names
// and types, option members, constant types). `node scripts/api-report.mjs` (run by `npm test`) fails when a
// report differs from the built package: a changed signature, type or constant fails until the report is
// updated (`node scripts/api-report.mjs --update`, after a build) and committed with the change. Defaults that a
// declaration cannot show (the values of `DEFAULT_*` objects, `@defaultValue` tags) are checked by
// scripts/api-surface.mjs beside it.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const update = process.argv.includes('--update');
const reportFolder = join(root, 'api');
const tempFolder = join(root, 'dist', 'api-report-temp');

/** Every entry of the package with declarations: [report name, .d.ts path]. */
export function entries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const out = [];
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value !== 'object' || typeof value.types !== 'string') continue;
    const name = key === '.' ? 'core' : `core-${key.slice(2).replaceAll('/', '-')}`;
    out.push([name, join(root, value.types)]);
  }
  return out;
}

const off = { logLevel: 'none' };
const problems = [];
mkdirSync(reportFolder, { recursive: true });
rmSync(tempFolder, { recursive: true, force: true });
const expected = new Set();
for (const [name, dts] of entries()) {
  if (!existsSync(dts)) {
    console.error(`api-report: ${dts} is missing: build the package first (pnpm --filter @fieldmarshal/core build)`);
    process.exit(1);
  }
  expected.add(`${name}.api.md`);
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: dts,
      bundledPackages: [],
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'es2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            lib: ['es2022', 'es2024.sharedmemory', 'dom', 'dom.iterable'],
            types: ['node'],
            skipLibCheck: true,
            strict: true,
          },
          files: [dts],
        },
      },
      apiReport: { enabled: true, reportFileName: name, reportFolder, reportTempFolder: tempFolder },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        // The report is about shapes; the doc comments are checked by api-markdown.mjs.
        extractorMessageReporting: {
          default: { logLevel: 'none' },
          'ae-missing-release-tag': off,
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: off },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    showVerboseMessages: false,
    messageCallback: (m) => {
      if (m.logLevel === 'warning' || m.logLevel === 'error') problems.push(`${name}: ${m.text}`);
      m.handled = true;
    },
  });
  if (result.apiReportChanged && !update) {
    problems.push(
      `${name}: the API differs from api/${name}.api.md (diff it with dist/api-report-temp/${name}.api.md)`,
    );
  } else if (!result.succeeded && !update) problems.push(`${name}: API Extractor failed`);
}
if (problems.length) {
  console.error(
    `${problems.join('\n')}\nIf the change is intended, run \`node scripts/api-report.mjs --update\` in packages/core ` +
      'after a build, commit the api/*.api.md files with it and note it in CHANGELOG.md.',
  );
  process.exit(1);
}
console.log(`api-report: ${expected.size} entries match api/*.api.md${update ? ' (updated)' : ''}`);
