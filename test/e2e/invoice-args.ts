/**
 * The `invoice create` flags of a new client typed in full (the --client-* variant), written once for
 * the tests that create invoices: the flags always come in this order, and each test names only what
 * differs from the usual client (Foo S.r.l., Via Roma 1, 20121 Milano, paid by Bonifico Intesa).
 */

/** The usual client's VAT number (a valid check digit). */
export const CLIENT_VAT = '00743110157';

export interface ManualClient {
  name?: string;
  piva?: string;
  /** --client-province; left out when not given. */
  province?: string;
  /** --client-sdi; left out when not given. */
  sdi?: string;
  paymentMethod?: string;
  /** --date; left out when not given. */
  date?: string;
}

/** `--client-name … --client-city Milano [--client-province P] [--client-sdi S] --numbering Standard --payment-method M [--date D]`. */
export function manualClientArgs(client: ManualClient = {}): string[] {
  const { name = 'Foo S.r.l.', piva = CLIENT_VAT, province, sdi, paymentMethod = 'Bonifico Intesa', date } = client;
  return [
    ...['--client-name', name, '--client-piva', piva, '--client-address', 'Via Roma 1', '--client-cap', '20121', '--client-city', 'Milano'],
    ...(province === undefined ? [] : ['--client-province', province]),
    ...(sdi === undefined ? [] : ['--client-sdi', sdi]),
    ...['--numbering', 'Standard', '--payment-method', paymentMethod],
    ...(date === undefined ? [] : ['--date', date]),
  ];
}
