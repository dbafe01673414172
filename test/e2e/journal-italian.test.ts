/**
 * The write engine speaks the run's language (issue 38's review): in an Italian run (LANG=it_IT.UTF-8)
 * why a journaled write's outcome is unknown (the one classifier, src/journal/words.ts), the state
 * an earlier run left in its journal ("did not finish (in invio dal …)") and a payment's status are
 * Italian, with no English word of fisco's own on stderr; the json on stdout keeps the service's
 * values, and the exit codes are those of an English run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './fault-helpers.js';
import { englishWords } from './english-words.js';
import { harness, parseJson, type Harness, type RunResult } from './harness.js';

const ITALIAN = { env: { LANG: 'it_IT.UTF-8' } };
const CREATE = ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'Consulenza;1;100.00;22', '--send', '--yes'];
const CREATION_PATH = '/fatture/nuova/piva';
const PAYMENT_PATH = '/fatture/[^/]+/pagamenti';
/** Longer than any retry budget. */
const LONG = 50;

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h?.close();
});

async function unpaidInvoice(): Promise<{ uuid: string; number: string }> {
  const { data } = await api(h, 'GET', '/v1/invoices?payment_status=unpaid&per_page=1');
  return data[0];
}

/** Italian to the last word: no English word of fisco's own on stderr, the invoice's own number and uuid set aside. */
function expectItalian(run: RunResult, serviceText: string[] = []): void {
  expect(run.stderr, run.stderr).not.toMatch(/no it translation for|This is a bug in fisco/);
  expect(englishWords(run.stderr, serviceText), run.stderr).toEqual([]);
}

describe('invoice pay in an Italian run', () => {
  it('the payment status of the success line is Italian; the json keeps the service value', async () => {
    const invoice = await unpaidInvoice();
    const run = await h.run(['invoice', 'pay', invoice.uuid, '--amount', '1,00', '-o', 'json'], ITALIAN);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^✓ Incasso di 1,00 € registrato sulla fattura .+: restano [\d.,]+ € \(parziale\)$/m);
    expect(parseJson(run.stdout)).toMatchObject({ invoice: { payment_status: 'partial' } });
    expectItalian(run, [invoice.number]);
    const english = await h.run(['invoice', 'pay', invoice.uuid, '--amount', '1.00']);
    expect(english.stderr).toMatch(/still due \(partial\)$/m);
  });

  it('an answer 5xx to the payment: the cause and the lookup in Italian, exit 9; run again, the earlier run said in Italian', async () => {
    const invoice = await unpaidInvoice();
    const before = h.emulator.store.payments.length;
    h.emulator.injectFault({ method: 'POST', path: PAYMENT_PATH, action: 'status', status: 503, times: LONG });
    const args = ['invoice', 'pay', invoice.uuid, '--amount', '2,00'];
    const run = await h.run(args, ITALIAN);
    expect(run.exitCode, run.stderr).toBe(9);
    expect(run.stderr).toMatch(/^attenzione: il servizio ha risposto HTTP 503 al pagamento; fisco non riprova, controlla invece la fattura…$/m);
    expect(run.stderr).toMatch(/^fisco: il servizio ha risposto HTTP 503 al pagamento; non trovato sul servizio: probabilmente non registrato$/m);
    expectItalian(run, [invoice.number]);
    // The journal holds the attempt, not found by the lookup: the next run says so in Italian, and sends nothing before its time.
    const sent = h.mark();
    const again = await h.run(args, ITALIAN);
    expect(again.exitCode, again.stderr).toBe(9);
    expect(again.stderr).toMatch(/^attenzione: un’esecuzione precedente di questo stesso pagamento non è terminata \(assente dal \S+\): fisco controlla/m);
    expect(again.stderr).toMatch(/^fisco: la richiesta di un’esecuzione precedente potrebbe ancora raggiungere il servizio; non trovato sul servizio/m);
    expectItalian(again, [invoice.number]);
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    expect(h.emulator.store.payments.length).toBe(before);
    // English runs keep their words.
    const english = await h.run(args);
    expect(english.exitCode).toBe(9);
    expect(english.stderr).toMatch(/an earlier run of this same payment did not finish \(absent since /);
    h.emulator.clearFaults();
  });

  it('a run killed after it journaled the payment as sending: the next run says it did not finish, in Italian', async () => {
    const invoice = await unpaidInvoice();
    const args = ['invoice', 'pay', invoice.uuid, '--amount', '3,00'];
    const killed = await h.run(args, { env: { ...ITALIAN.env, FISCO_TEST_CRASH_AT: 'after-sending:1' } });
    expect(killed.exitCode).not.toBe(0);
    const again = await h.run(args, ITALIAN);
    expect(again.exitCode, again.stderr).toBe(9);
    expect(again.stderr).toMatch(/^attenzione: un’esecuzione precedente di questo stesso pagamento non è terminata \(in invio dal \S+\): fisco controlla/m);
    expectItalian(again, [invoice.number]);
  });
});

describe('invoice create in an Italian run', () => {
  it('an answer 5xx to the creation: the cause in Italian (it was English before), exit 9', async () => {
    const before = h.emulator.store.invoices.length;
    h.emulator.injectFault({ method: 'POST', path: CREATION_PATH, action: 'status', status: 503, times: LONG });
    const run = await h.run(CREATE, ITALIAN);
    expect(run.exitCode, run.stderr).toBe(9);
    expect(run.stderr).toMatch(/^attenzione: il servizio ha risposto HTTP 503 alla creazione; fisco non riprova, cerca invece la fattura…$/m);
    expect(run.stderr).toMatch(/^fisco: il servizio ha risposto HTTP 503 alla creazione; non trovata: probabilmente non creata$/m);
    expectItalian(run);
    expect(h.emulator.store.invoices.length).toBe(before);
    const again = await h.run(CREATE, ITALIAN);
    expect(again.exitCode, again.stderr).toBe(9);
    expect(again.stderr).toMatch(/^attenzione: un’esecuzione precedente di questa stessa fattura non è terminata \(assente dal \S+\)/m);
    expectItalian(again);
    const english = await h.run(CREATE);
    expect(english.exitCode).toBe(9);
    expect(english.stderr).toMatch(/did not finish \(absent since /);
    h.emulator.clearFaults();
  });

  it('the connection dropped after the service created it: the cause in Italian, found, exit 0', async () => {
    const before = h.emulator.store.invoices.length;
    h.emulator.injectFault({ method: 'POST', path: CREATION_PATH, action: 'drop-after', times: 1 });
    const args = ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'Caduta;1;77.00;22', '--send', '--yes'];
    const run = await h.run(args, ITALIAN);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^attenzione: la connessione è caduta dopo l’invio della fattura; fisco non riprova, cerca invece la fattura…$/m);
    expect(h.emulator.store.invoices.length).toBe(before + 1);
    const created = h.emulator.store.invoices.at(-1)!;
    expect(run.stderr).toMatch(/^attenzione: creata come \S+ \(id [^)]+\): la fattura esiste, non crearla di nuovo$/m);
    expectItalian(run, [created.number ?? '']);
  });

  it('a run killed after it journaled the invoice as sending: the next run says it did not finish, in Italian', async () => {
    const args = ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'Interrotta;1;55.00;22', '--send', '--yes'];
    const killed = await h.run(args, { env: { ...ITALIAN.env, FISCO_TEST_CRASH_AT: 'after-sending:1' } });
    expect(killed.exitCode).not.toBe(0);
    const again = await h.run(args, ITALIAN);
    expect(again.exitCode, again.stderr).toBe(9);
    expect(again.stderr).toMatch(/^attenzione: un’esecuzione precedente di questa stessa fattura non è terminata \(in invio dal \S+\): fisco la cerca/m);
    expectItalian(again);
  });
});
