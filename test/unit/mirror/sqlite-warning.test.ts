import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isSqliteExperimentalWarning } from '../../../src/mirror/sqlite.js';

describe("node:sqlite's ExperimentalWarning, and only it, is kept from the user", () => {
  it('recognises exactly that warning, in every form process.emitWarning takes', () => {
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature and might change at any time', ['ExperimentalWarning'])).toBe(true);
    expect(isSqliteExperimentalWarning('SQLite is an experimental feature', [{ type: 'ExperimentalWarning' }])).toBe(true);
    expect(isSqliteExperimentalWarning(Object.assign(new Error('SQLite is an experimental feature'), { name: 'ExperimentalWarning' }), [])).toBe(true);
    // Another experimental feature, another kind of warning about SQLite, an ordinary warning: all still shown.
    expect(isSqliteExperimentalWarning('VM Modules is an experimental feature', ['ExperimentalWarning'])).toBe(false);
    expect(isSqliteExperimentalWarning('SQLite option X is deprecated', ['DeprecationWarning'])).toBe(false);
    expect(isSqliteExperimentalWarning('something happened', [])).toBe(false);
  });

  it('Node 22 prints it when node:sqlite is loaded plainly (what fisco suppresses); Node 24 prints none', () => {
    const plain = spawnSync(process.execPath, ['-e', "require('node:sqlite')"], { encoding: 'utf8' });
    const major = Number(process.versions.node.split('.')[0]);
    if (major === 22) expect(plain.stderr).toMatch(/ExperimentalWarning: SQLite is an experimental feature/);
    else expect(plain.stderr).not.toMatch(/ExperimentalWarning: SQLite/);
  });
});
