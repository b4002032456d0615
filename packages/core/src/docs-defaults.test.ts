import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the options' docs honest (issue 16): every optional property of an exported interface whose name ends
 * with `Options` carries a doc comment with a `@defaultValue` tag (options whose default is "absent" say so with
 * `@defaultValue undefined (meaning ...)`). Reads the sources through the TypeScript compiler's API, so it needs
 * no build.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(root, 'src');

/**
 * Optional properties allowed to go without `@defaultValue`, as `Interface.property`, each with the reason.
 * Keep it short (empty is best): prefer `@defaultValue undefined (meaning ...)`.
 */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map([]);

/** Option-like interfaces whose names do not end with `Options`, checked the same way. */
const OPTION_LIKE: ReadonlySet<string> = new Set(['FieldOut', 'FlowOut', 'Goal', 'KernelControl', 'SteerTarget']);

/** Source files of the package, without tests, test utilities and the fuzz suite. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'fuzz' && entry.name !== 'testing') files.push(...sourceFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.includes('.test')) {
      files.push(path);
    }
  }
  return files;
}

interface Finding {
  /** `Interface.property` */
  name: string;
  /** File, relative to the package. */
  file: string;
  /** True when the property is optional (`?`). */
  optional: boolean;
  /** Names of the doc tags on the property, without `@`. */
  tags: string[];
  /** True when the property has a doc comment at all. */
  documented: boolean;
}

/** Properties of the exported `*Options` (and {@link OPTION_LIKE}) interfaces in `files`. */
function optionProperties(files: readonly string[]): Finding[] {
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProject: join(root, 'tsconfig.json') });
    const project = snapshot.getProjects()[0];
    if (project === undefined) throw new Error('no project for tsconfig.json');
    const findings: Finding[] = [];
    for (const path of files) {
      const file = project.program.getSourceFile(path);
      if (file === undefined) throw new Error(`${path} is not in the project`);
      for (const statement of file.statements) {
        if (statement.kind !== SyntaxKind.InterfaceDeclaration) continue;
        const declaration = statement as unknown as {
          name: { text: string };
          modifiers?: readonly { kind: SyntaxKind }[];
          members: readonly {
            kind: SyntaxKind;
            name?: { text?: string };
            postfixToken?: unknown;
            jsDoc?: readonly { tags?: readonly { tagName: { text: string } }[] }[];
          }[];
        };
        const exported = declaration.modifiers?.some((m) => m.kind === SyntaxKind.ExportKeyword) ?? false;
        const name = declaration.name.text;
        if (!exported || !(name.endsWith('Options') || OPTION_LIKE.has(name))) continue;
        for (const member of declaration.members) {
          if (member.kind !== SyntaxKind.PropertySignature) continue;
          const docs = member.jsDoc ?? [];
          findings.push({
            name: `${name}.${member.name?.text ?? '?'}`,
            file: relative(root, path),
            optional: member.postfixToken !== undefined,
            tags: docs.flatMap((doc) => (doc.tags ?? []).map((tag) => tag.tagName.text)),
            documented: docs.length > 0,
          });
        }
      }
    }
    return findings;
  } finally {
    api.close();
  }
}

describe('doc comments of the options', () => {
  const findings = optionProperties(sourceFiles(srcDir));

  it('finds the options interfaces (the reader works)', () => {
    expect(findings.some((f) => f.name === 'FieldOptions.goals' && !f.optional)).toBe(true);
    expect(findings.some((f) => f.name === 'MoveOptions.neighbors' && f.optional)).toBe(true);
    for (const name of OPTION_LIKE)
      expect(
        findings.some((f) => f.name.startsWith(`${name}.`)),
        name,
      ).toBe(true);
    expect(findings.length).toBeGreaterThan(150);
  });

  it('gives every optional property a @defaultValue tag', () => {
    const missing = findings
      .filter((f) => f.optional && !f.tags.includes('defaultValue') && !EXCEPTIONS.has(f.name))
      .map((f) => `${f.file}: ${f.name}`);
    expect(missing).toEqual([]);
  });

  it('documents every property', () => {
    const missing = findings.filter((f) => !f.documented).map((f) => `${f.file}: ${f.name}`);
    expect(missing).toEqual([]);
  });

  it('lists only exceptions that still exist and still lack the tag', () => {
    for (const name of EXCEPTIONS.keys()) {
      const finding = findings.find((f) => f.name === name);
      expect(finding?.optional, name).toBe(true);
      expect(finding?.tags.includes('defaultValue'), name).toBe(false);
    }
  });
});
