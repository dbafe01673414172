// What the benchmarks share: the launcher they time, a private home whose environment points
// fisco at an emulator, the median, and valid VAT numbers for the records they make up.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The npm launcher every benchmark times. */
export const BIN = fileURLToPath(new URL('../bin/fisco.js', import.meta.url));

/** A fresh home folder named for the benchmark, and the environment of a fisco run on `emulator` with the demo's company token. */
export function benchHome(name, emulator) {
  const home = mkdtempSync(join(tmpdir(), `fisco-bench-${name}-`));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    FISCO_TOKEN: 'demo-prod-rossi',
    FISCO_BASE_URL: emulator.url,
    FISCO_CONFIG_DIR: join(home, 'config'),
    FISCO_DATA_DIR: join(home, 'data'),
    NO_COLOR: '1',
  };
  return { home, env };
}

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A valid Italian VAT number (its check digit computed) from a number of up to 10 digits. */
export function piva(n) {
  const base = String(1_000_000_000 + n).slice(-10);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(base[i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return base + String((10 - (sum % 10)) % 10);
}
