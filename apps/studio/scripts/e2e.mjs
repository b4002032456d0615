// Runs the studio's end-to-end files one after another, each in its own `node --test` process (as `node --test
// e2e/` does) with the spec reporter. A file that fails is run once more: browser tests on a shared machine can
// lose a race with the machine (a frame, a worker start), and one such loss should not hide the rest of the run.
// The run fails when a file fails twice. Every failure, first attempts included, is listed again at the end of
// the output (CI shows the end of its log), so a test that needed its second attempt is reported, not hidden.
//
// Usage: node scripts/e2e.mjs [file ...]   (default: every e2e/*.e2e.test.mjs)
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const given = process.argv.slice(2);
const files =
  given.length > 0
    ? given
    : readdirSync(join(root, 'e2e'))
        .filter((f) => f.endsWith('.e2e.test.mjs'))
        .sort()
        .map((f) => join('e2e', f));

/** Runs one file, echoing its output; resolves to its exit code and what its spec reporter listed as failing. */
function runFile(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const echo = (stream, out) =>
      stream.on('data', (chunk) => {
        out.write(chunk);
        text += chunk;
      });
    echo(child.stdout, process.stdout);
    echo(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      const at = text.lastIndexOf('failing tests:');
      const failing = at >= 0 ? text.slice(at + 'failing tests:'.length).trim() : `(no list; exit ${code ?? signal})`;
      resolve({ code: code ?? 1, failing });
    });
  });
}

const started = Date.now();
const flaky = [];
const failed = [];
for (const file of files) {
  const first = await runFile(file);
  if (first.code === 0) continue;
  console.log(`\n[e2e] ${file} failed; running it once more\n`);
  const second = await runFile(file);
  (second.code === 0 ? flaky : failed).push({ file, first: first.failing, second: second.failing });
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\n[e2e] ${files.length} files in ${minutes} min`);
for (const f of flaky)
  console.log(`\n[e2e] FLAKY (failed, then passed on its second run): ${f.file}\nfirst run:\n${f.first}`);
for (const f of failed)
  console.log(`\n[e2e] FAILED twice: ${f.file}\nfirst run:\n${f.first}\nsecond run:\n${f.second}`);
console.log(
  `\n[e2e] ${files.length - flaky.length - failed.length} files passed, ${flaky.length} passed on a second run, ${failed.length} failed`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
