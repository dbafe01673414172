/**
 * The mirror's words in both languages, and its machine output (audit finding 10): the mirror's
 * own refusal said as the mirror's (no service answered), every relative age through the
 * catalogue, `sync --status` carrying instants in json and local date-times in a table, search's
 * kinds and CSV headers translated like every other Italian table and CSV, and the offline reads
 * of the companies themselves (accounts list, whoami) saying the mirror's age like every other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

let h: Harness;
const firm = { token: TOKENS.firm };
const WIDE = { COLUMNS: '240' };

beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  const sync = await h.run(['sync', '-o', 'json'], { ...firm, timeout: 60_000 });
  expect(sync.exitCode, sync.stderr).toBe(11); // acc_gialli's F24s are refused
}, 90_000);
afterAll(async () => h.close());

describe('the mirror says its own refusals as its own, in the run’s language', () => {
  it('an F24 the mirror does not hold: exit 4, the mirror’s words (never "the service said"), Italian in an Italian run', async () => {
    const args = ['--offline', '--account', 'acc_rossi', 'f24', 'get', 'f24_9999'];
    const it = await h.run(args, { ...firm, lang: 'it' });
    expect(it.exitCode).toBe(4);
    expect(it.stderr).toMatch(/^fisco: --offline: l’F24 f24_9999 non è nella copia locale \(all’ultimo sync di acc_rossi\); non è stato inviato nulla$/m);
    expect(it.stderr).not.toMatch(/il servizio ha risposto|is not in the mirror/);
    const en = await h.run(args, firm);
    expect(en.exitCode).toBe(4);
    expect(en.stderr).toMatch(/^fisco: --offline: F24 f24_9999 is not in the mirror \(as of the last sync of acc_rossi\); nothing was sent$/m);
    // A refusal the service itself gave at the sync is still the service's words.
    const refused = await h.run(['--offline', '--account', 'acc_gialli', 'f24', 'get', 'f24_0001'], { ...firm, lang: 'it' });
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(/il servizio ha risposto: «This token lacks the ability 'f24:read'/);
  });
});

describe('ages and instants', () => {
  it('sync’s summary says the last full sync’s age in the run’s language', async () => {
    const it = await h.run(['--account', 'acc_rossi', 'sync'], { ...firm, lang: 'it' });
    expect(it.exitCode, it.stderr).toBe(0);
    expect(it.stderr).toMatch(/\(ultimo sync completo \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (proprio ora|\d+ min fa)\)/);
    expect(it.stderr).not.toMatch(/ago|just now/);
    const en = await h.run(['--account', 'acc_rossi', 'sync'], firm);
    expect(en.stderr).toMatch(/\(last full sync \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (just now|\d+ min ago)\)/);
  });

  it('sync --status: json carries ISO-8601 instants with their offset, the same in both languages; a table shows local date-times', async () => {
    const json = await h.run(['--offline', 'sync', '--status', '-o', 'json'], { ...firm, lang: 'it' });
    expect(json.exitCode, json.stderr).toBe(0);
    const rows = parseJson<Record<string, string | null>[]>(json.stdout);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.as_of).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      // The same instant as last_sync, on this machine's clock (TZ=Europe/Rome in the harness).
      expect(Date.parse(row.as_of!)).toBe(Date.parse(row.last_sync!));
      expect(row.last_full_sync).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    const english = await h.run(['--offline', 'sync', '--status', '-o', 'json'], firm);
    expect(english.stdout).toBe(json.stdout);
    const table = await h.run(['--offline', 'sync', '--status', '-o', 'table'], { ...firm, lang: 'it', env: WIDE });
    expect(table.exitCode, table.stderr).toBe(0);
    const [header, first] = table.stdout.split('\n');
    expect(header).toMatch(/^Azienda\s+Al\s+Ultimo sync completo\s+Fatture/);
    expect(first).toMatch(/^Rossi Consulting S\.r\.l\.\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (proprio ora|\d+ min fa)\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\s+\d+/);
    expect(table.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('offline accounts list and whoami say how old what they read is, like every offline read', async () => {
    const list = await h.run(['--offline', 'accounts', 'list', '-o', 'json'], { ...firm, lang: 'it' });
    expect(list.exitCode, list.stderr).toBe(0);
    // One line per minute the companies were synced in (a sync may straddle a minute): every company named, each line dated.
    const ages = list.stderr.split('\n').filter((line) => line.startsWith('offline: '));
    expect(ages.length).toBeGreaterThan(0);
    for (const line of ages) expect(line).toMatch(/^offline: .+\(acc_\w+\) al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (proprio ora|\d+ min fa)$/);
    for (const id of ['acc_rossi', 'acc_verdi', 'acc_neri', 'acc_gialli']) expect(ages.join('\n')).toContain(`(${id})`);
    const one = await h.run(['--offline', 'accounts', 'list', '--per-page', '1', '-o', 'json'], firm);
    expect(one.stderr).toMatch(/^offline: Rossi Consulting S\.r\.l\. \(acc_rossi\) as of /m);
    expect(one.stderr).not.toMatch(/acc_verdi\)/);
    const get = await h.run(['--offline', 'accounts', 'get', 'acc_verdi', '-o', 'json'], firm);
    expect(get.stderr).toMatch(/^offline: Verdi Costruzioni S\.p\.A\. \(acc_verdi\) as of /m);
    const whoami = await h.run(['--offline', 'whoami', '-o', 'json'], { ...firm, lang: 'it' });
    expect(whoami.exitCode, whoami.stderr).toBe(0);
    expect(whoami.stderr).toMatch(/^offline: al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (proprio ora|\d+ min fa)$/m);
    const quiet = await h.run(['--offline', '-q', 'whoami', '-o', 'json'], firm);
    expect(quiet.stderr).toBe('');
    // Online, nothing is said of a mirror.
    const online = await h.run(['whoami', '-o', 'json'], firm);
    expect(online.stderr).not.toMatch(/offline/);
  });
});

describe('search in Italian', () => {
  it('the Italian CSV names every column in Italian and says each kind in the run’s language; json keeps the API’s words', async () => {
    const csv = await h.run(['search', 's.r.l.', '--all', '-o', 'csv', '--csv-dialect', 'it'], { ...firm, lang: 'it' });
    expect(csv.exitCode, csv.stderr).toBe(0);
    const [header, ...lines] = csv.stdout
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe('ID azienda;Azienda;Tipo;ID;Riferimento;Nome;Partita IVA;Data;Importo;Dettaglio');
    const kinds = new Set(lines.map((line) => line.split(';')[2]));
    expect([...kinds].sort()).toEqual(['cliente', 'fattura', 'spesa']);
    const deadlines = await h.run(['search', 'iva', '--in', 'deadlines', '-o', 'csv', '--csv-dialect', 'it'], { ...firm, lang: 'it' });
    expect(deadlines.stdout.split('\r\n')[1]!.split(';')[2]).toBe('scadenza');
    const table = await h.run(['search', 's.r.l.', '--all', '-o', 'table'], { ...firm, lang: 'it', env: WIDE });
    expect(table.stdout.split('\n')[0]).toMatch(/^Azienda\s+Tipo\s+Ref\s+Nome/);
    expect(table.stdout).toMatch(/^Rossi Consulting S\.r\.l\.\s+fattura\s/m);
    expect(table.stdout).toMatch(/\scliente\s/);
    expect(table.stdout).not.toMatch(/\s(invoice|client|expense)\s/);
    const json = await h.run(['search', 's.r.l.', '--all', '-o', 'json'], { ...firm, lang: 'it' });
    const hits = parseJson<{ kind: string }[]>(json.stdout);
    expect(new Set(hits.map((hit) => hit.kind))).toEqual(new Set(['invoice', 'client', 'expense']));
    expect((await h.run(['search', 's.r.l.', '--all', '-o', 'json'], firm)).stdout).toBe(json.stdout);
    const rfc = await h.run(['search', 's.r.l.', '--all', '-o', 'csv'], { ...firm, lang: 'it' });
    expect(rfc.stdout.split('\r\n')[0]).toBe('account_id,company,kind,id,ref,name,vat_number,date,amount,detail');
    expect(rfc.stdout).toMatch(/,invoice,/);
  });
});
