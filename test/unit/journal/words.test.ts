import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, OutcomeUnknownError, UnexpectedAnswerError } from '../../../src/errors.js';
import { IT } from '../../../src/i18n/it.js';
import { joined, render, renderMessage, type Language } from '../../../src/i18n/message.js';
import { reason } from '../../../src/journal/reason.js';
import type { JournalEntry } from '../../../src/journal/format.js';
import { entryWords, journaled, lookupFailed, reasonWords, stateWord, unknownCause, unknownReason } from '../../../src/journal/words.js';

const ITALIAN: Language = { lang: 'it', catalogue: IT, strict: true };
const api = (status: number) => new ApiError({ status, message: 'boom', method: 'POST', path: '/x' });
const entry = (over: Partial<JournalEntry>): JournalEntry => ({ key: 'k', state: 'unknown', at: '2026-11-29T10:00:00.000Z', ...over });

describe('the one classifier of an unknown write outcome', () => {
  it('answered but unreadable, redirected, dropped, 5xx: unknown; a refusal or a request never sent: not', () => {
    expect(unknownReason(new OutcomeUnknownError('x', [], 201), 'invoice')).toEqual(reason('answer-unreadable', { write: 'invoice', status: 201 }));
    expect(unknownReason(new OutcomeUnknownError('x', [], undefined, 302), 'payment')).toEqual(reason('redirected', { write: 'payment' }));
    expect(unknownReason(new OutcomeUnknownError('x'), 'payment')).toEqual(reason('connection-dropped', { write: 'payment' }));
    expect(unknownReason(api(503), 'invoice')).toEqual(reason('server-error', { write: 'invoice', status: 503 }));
    expect(unknownReason(new UnexpectedAnswerError('html', 'POST', '/x', 200, true), 'payment')).toEqual(
      reason('answer-unreadable', { write: 'payment', status: 200 }),
    );
    for (const refused of [api(422), api(401), new UnexpectedAnswerError('html', 'POST', '/x', 404, false), new NetworkError('refused'), new TypeError('bug')])
      expect(unknownReason(refused, 'invoice')).toBeUndefined();
  });

  it('each kind of write has its words, in both languages; the journal keeps the English words beside the data', () => {
    const invoice = unknownCause(api(502), 'invoice')!;
    expect(String(invoice.words)).toBe('the service answered HTTP 502 to the creation');
    expect(renderMessage(invoice.words, ITALIAN)).toBe('il servizio ha risposto HTTP 502 alla creazione');
    const payment = unknownCause(new OutcomeUnknownError('x'), 'payment')!;
    expect(renderMessage(payment.words, ITALIAN)).toBe('la connessione è caduta dopo l’invio del pagamento');
    expect(journaled(invoice.reason)).toEqual({ reason: invoice.reason, message: 'the service answered HTTP 502 to the creation' });
    for (const write of ['invoice', 'payment'] as const)
      for (const error of [new OutcomeUnknownError('x', [], 201), new OutcomeUnknownError('x', [], undefined, 307), new OutcomeUnknownError('x'), api(500)])
        expect(renderMessage(unknownCause(error, write)!.words, ITALIAN)).toMatch(/^(il servizio|la connessione)/);
  });
});

describe("a journal entry's words", () => {
  it("the lookup's findings in the run's language; English as the journal wrote them", () => {
    const absent = entry({ state: 'absent', ...journaled(reason('not-found', { at: '2026-11-29T10:05:00.000Z' })) });
    expect(absent.message).toBe('not found by the lookup of 2026-11-29T10:05:00.000Z');
    expect(render(entryWords(absent)!, ITALIAN)).toBe('non trovato dalla verifica del 2026-11-29T10:05:00.000Z');
    const moved = entry(journaled(reason('paid-moved', { before: '100.00', now: '150.00', amount: '20.00' })));
    expect(render(entryWords(moved)!, ITALIAN)).toBe('amount_paid è passato da 100,00 € a 150,00 €, non dei 20,00 € inviati: controlla i suoi pagamenti');
    expect(render(entryWords(entry(journaled(reason('found'))))!, ITALIAN)).toBe('trovato sul servizio dalla verifica');
    const twin = entry(journaled(reason('found-twin', { count: 2, names: 'A-1, A-2' })));
    expect(twin.message).toBe('found by the lookup: one of 2 identical records (A-1, A-2)');
    expect(render(entryWords(twin)!, ITALIAN)).toBe('trovato dalla verifica: uno di 2 record identici (A-1, A-2)');
    const bank = entry(journaled(reason('paid-moved', { number: '7/2026', before: '0.00', now: '5.00', amount: '9.00' })));
    expect(bank.message).toBe('invoice 7/2026: amount_paid went from 0.00 to 5.00, not by the 9.00 sent: check its payments');
    expect(render(entryWords(bank)!, ITALIAN)).toMatch(/^fattura 7\/2026: amount_paid è passato da 0,00 € a 5,00 €/);
    const lower = entry(journaled(reason('residue-lower', { number: '7/2026', due: '10.00', seen: '30.00' })));
    expect(render(entryWords(lower)!, ITALIAN)).toBe(
      'trovato dalla verifica: il residuo della fattura 7/2026 è 10,00 €, inferiore ai 30,00 € visti dal piano esattamente di questi pagamenti',
    );
  });

  it('a lookup that failed too keeps the cause it followed, in words of either language', () => {
    const first = entry(journaled(unknownReason(api(503), 'payment')!));
    const failed = entry(journaled(lookupFailed(first, 'socket hang up')));
    expect(failed.message).toBe('the service answered HTTP 503 to the payment; looking it up failed too (socket hang up)');
    expect(render(entryWords(failed)!, ITALIAN)).toBe('il servizio ha risposto HTTP 503 al pagamento; anche la verifica non è riuscita (socket hang up)');
    const older = entry(journaled(lookupFailed(entry({ message: 'HTTP 500: down' }), 'timeout')));
    expect(older.message).toBe('HTTP 500: down; looking it up failed too (timeout)');
  });

  it("an entry without a reason (an older journal, a service's words) reads as written; the catalogue's whole words are translated", () => {
    expect(render(entryWords(entry({ message: 'Invoice 7 is void' }))!, ITALIAN)).toBe('Invoice 7 is void');
    expect(render(entryWords(entry({ message: 'outcome unknown' }))!, ITALIAN)).toBe('esito sconosciuto');
    expect(entryWords(entry({}))).toBeUndefined();
    expect(entryWords(undefined)).toBeUndefined();
  });

  it('every journal state has its Italian word; English keeps the state', () => {
    const words = (['sending', 'done', 'refused', 'unknown', 'absent', 'skipped'] as const).map((s) => renderMessage(reasonOrState(s), ITALIAN));
    expect(words).toEqual(['in invio', 'fatto', 'rifiutato', 'esito incerto', 'assente', 'saltato']);
    expect(String(reasonOrState('sending'))).toBe('sending');
  });

  it("a letter whose sending may have happened: the journal's English as before, Italian words, the cause kept", () => {
    const letter = entry(journaled(reason('letter-unconfirmed', { letter: 'L-1' })));
    expect(letter.message).toBe(
      'the run stopped while the letter was being sent: whether it went out cannot be looked up; check the sent folder or the PEC receipts, then --resolve L-1=sent or =absent',
    );
    expect(render(entryWords(letter)!, ITALIAN)).toBe(
      'l’esecuzione si è fermata mentre il sollecito veniva inviato: non si può verificare se è partito; controlla la cartella della posta inviata o le ricevute PEC, poi --resolve L-1=sent o =absent',
    );
    const broke = entry(journaled(reason('letter-unconfirmed', { letter: 'L-2', cause: 'the conversation broke' })));
    expect(broke.message).toMatch(/^the conversation broke: whether it went out cannot be looked up;/);
  });

  it("an entry adopted from another name's journal says so in the run's language", () => {
    const adopted = entry(journaled(reason('adopted', { profile: 'rossi-a', at: '2026-11-20T09:00:00.000Z' })));
    expect(adopted.message).toBe('adopted from the journal of rossi-a (written 2026-11-20T09:00:00.000Z)');
    expect(render(entryWords(adopted)!, ITALIAN)).toBe('ripreso dal registro di rossi-a (scritto il 2026-11-20T09:00:00.000Z)');
  });

  it('a code the engine never wrote has no words (its message is used)', () => {
    expect(reasonWords(reason('residue-changed', { number: '7' }))).toBeUndefined();
  });
});

/** A state word as a message prints it. */
const reasonOrState = (state: Parameters<typeof stateWord>[0]) => joined([stateWord(state)], '');
