import { describe, expect, it } from 'vitest';
import { prepare } from '../../../src/invoice/body.js';
import { renderPreview } from '../../../src/commands/invoice/preview.js';

const TODAY = '2026-11-20';
const target = { environment: 'sandbox', baseUrl: 'http://127.0.0.1:4010/sandbox' };
const lines = [{ nome: 'Energia', quantita: '1200', prezzo: '0.125', iva: '22' }];

describe('renderPreview', () => {
  it('a by-VAT client: the name the client list knows, and what the service fills in', () => {
    const p = prepare({ piva: 'IT00743110157', articoli: lines }, { inviaSdi: false, today: TODAY });
    const known = renderPreview(p, target, undefined, {
      source: 'your client list',
      name: 'Lombarda Servizi S.p.A.',
      address: 'Via Filzi 25, 20124 Milano, MI',
      sdi: 'M5UXCR1',
    });
    expect(known).toContain(
      'Client      VAT 00743110157\n            Lombarda Servizi S.p.A. (as in your client list)\n            Via Filzi 25, 20124 Milano, MI\n            SDI M5UXCR1\n',
    );
    expect(known).toContain('The service fills in name, address and delivery code from the business register.');
    expect(known).toContain("Numbering Standard (the service's default)");
    expect(known).toContain('Payment (the service uses the last one used)');
    expect(known).toContain('Due dates   (none given: the service sets 30 days from the issue date)');
    const unknown = renderPreview(p, target, undefined);
    expect(unknown).toContain('(not in your client list)');
  });

  it('a unit price with more than two decimals is shown with all of them; paid at creation from the checked amount', () => {
    const p = prepare(
      {
        cliente: { name: 'Foo', piva: '00743110157', address: 'Via Roma 1', cap: '20121', city: 'Milano' },
        numerazione: 'Standard',
        metodo_pagamento: 'Bonifico',
        issue_date: TODAY,
        articoli: lines,
        paid: '10',
      },
      { inviaSdi: true, today: TODAY },
    );
    const text = renderPreview(p, target, true, { source: 'client 12', codice_fiscale: 'RSSMRA85T10A562S' });
    expect(text).toMatch(/1\. Energia\s+1200 ×\s+0,125 €\s+22%\s+150,00 €/);
    expect(text).toContain('Codice fiscale RSSMRA85T10A562S (on client 12; the request has no field for it)');
    expect(text).toMatch(/Paid at creation\s+10,00 €/);
    expect(text).toContain('Action      SEND to the SDI (irreversible) — sandbox (http://127.0.0.1:4010/sandbox)');
  });
});
