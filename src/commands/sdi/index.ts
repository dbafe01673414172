import { defineNoun, defineVerb } from '../verb.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { NO_FLAGS } from '../../flags/spec.js';

export const SDI = defineNoun({
  name: 'sdi',
  description: "the SDI's controls: which fisco checks before sending, and what a rejection means",
  verbs: [
    defineVerb({
      name: 'controls',
      description: 'every SDI control (code 00xxx) with whether fisco checks it before sending or only the SDI can',
      flags: LIST_FLAGS,
      scope: 'local',
      notes: [
        'checked_by: fisco (decided before anything is sent), fisco+SDI (fisco checks the part that depends only on the',
        'invoice, the SDI the rest: a register lookup), SDI (checked by the SDI: its archive or the tax register).',
      ],
      examples: ['fisco sdi controls', 'fisco sdi controls -o json --query "[?checked_by==\'SDI\'].code"'],
      load: () => import('./controls.js'),
    }),
    defineVerb({
      name: 'explain',
      description: 'what an SDI control checks, why invoices usually fail it and what to do after a rejection',
      args: [{ name: '<code>', description: 'the control code (00404), or the text of a rejection ("00404 - Fattura duplicata")' }],
      flags: NO_FLAGS,
      scope: 'local',
      examples: ['fisco sdi explain 00404', 'fisco sdi explain "00305 - IdFiscaleIVA del cessionario non valido"'],
      load: () => import('./explain.js'),
    }),
  ],
});
