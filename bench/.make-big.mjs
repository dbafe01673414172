import { spawn } from 'node:child_process';
const spawnSync = (cmd, args, opts) =>
  new Promise((resolve) => {
    const c = spawn(cmd, args, { env: opts.env });
    let stdout = '',
      stderr = '';
    c.stdout.on('data', (d) => (stdout += d));
    c.stderr.on('data', (d) => (stderr += d));
    c.on('close', (status) => resolve({ status, stdout, stderr }));
  });
import { startEmulator } from '../dist/emulator/index.js';
const COMPANIES = ['acc_rossi', 'acc_verdi', 'acc_neri'];
const emulator = await startEmulator({ port: 0, quiet: true, today: '2026-11-20', rateLimit: { limit: 100000, windowMs: 60000 } });
const store = emulator.store;
COMPANIES.forEach((accountId, i) => {
  const templates = store.invoices.filter((x) => x.accountId === accountId && x.direction === 'outbound');
  for (let n = templates.length; n < 20000; n++) {
    const t = templates[n % templates.length];
    const k = i * 1000000 + n;
    store.invoices.push({
      ...t,
      id: String(1000000 + k),
      numericId: 1000000 + k,
      uuid: `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
      number: `B${k}/2026`,
      details: {},
    });
  }
});
const templates = store.clients.filter((c) => COMPANIES.includes(c.accountId));
for (let n = templates.length; n < 5000; n++) {
  const t = templates[n % templates.length];
  store.clients.push({ ...t, id: 100000 + n, name: `${t.name} ${n}`, accountId: COMPANIES[n % 3] });
}
const env = { ...process.env, FISCO_TOKEN: 'demo-firm-bianchi', FISCO_BASE_URL: emulator.url, FISCO_DATA_DIR: '/tmp/mt/big', FISCO_RATE_LIMIT: '100000/60000' };
const r = await spawnSync(process.execPath, ['bin/fisco.js', '--accounts', COMPANIES.join(','), 'sync'], { env, encoding: 'utf8' });
console.log(r.status, r.stderr.slice(-500));
// the 10 changed
const changed = store.invoices
  .filter(
    (i) =>
      COMPANIES.includes(i.accountId) && i.direction === 'outbound' && i.sdi_status === 'accepted' && i.tipo_documento === 'TD01' && i.amount_paid === '0.00',
  )
  .slice(0, 10);
const at = store.requests.at(-1).at;
for (const inv of changed) {
  inv.amount_paid = inv.total_amount;
  inv.updatedAt = at;
}
console.log(changed.map((i) => [i.id, i.accountId, i.updatedAt, i.payment_status]));
const r2 = await spawnSync(process.execPath, ['bin/fisco.js', '--accounts', COMPANIES.join(','), 'sync', '-o', 'json'], { env, encoding: 'utf8' });
console.log(r2.stdout, r2.stderr.slice(-800));
const log = store.requests
  .filter((x) => x.path === '/v1/invoices')
  .slice(-6)
  .map((x) => [x.query, x.status]);
console.log(JSON.stringify(log));
await emulator.close();
