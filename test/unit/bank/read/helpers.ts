import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { ExitCode } from '../../../../src/errors.js';
import { StatementError } from '../../../../src/bank/read/index.js';

export const FIXTURES = new URL('../../../fixtures/bank/', import.meta.url);

export function fixture(name: string): Uint8Array {
  return readFileSync(new URL(name, FIXTURES));
}

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Runs `read`, expects a StatementError (exit 2) and returns it. */
export function statementError(read: () => unknown): StatementError {
  let caught: unknown;
  try {
    read();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(StatementError);
  const e = caught as StatementError;
  expect(e.exitCode).toBe(ExitCode.usage);
  return e;
}
