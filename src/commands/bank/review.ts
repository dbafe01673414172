/**
 * `bank match --review` on a terminal: every credit with a proposal (and every unmatched EUR credit)
 * is shown with its reasons; the person accepts it, skips it, or picks another invoice among the
 * company's open ones. Returns the proposals as reviewed: accepted (or picked) ones keep status
 * 'proposed' and are marked `reviewed` (bank apply registers them whatever their fit), skipped ones
 * become 'skipped' (skipReason 'skipped in the review').
 */
import type { OpenInvoice, Proposal } from '../../bank/types.js';
import type { Factory } from '../../factory/factory.js';
import { cmp, formatEuro, sub } from '../../domain/money.js';
import { t, day, decimal, joined, verbatim, type Text } from '../../i18n/message.js';

type Decision = 'accept' | 'skip' | 'pick' | 'skip-rest';

function describeCredit(proposal: Proposal): Text[] {
  const m = proposal.movement;
  const where = verbatim(`${m.source.file}, ${m.source.location}`);
  const lines: Text[] = [
    m.payer?.name
      ? t`Credit of ${formatEuro(m.amount)} on ${day(m.bookingDate)} from ${verbatim(m.payer.name)} (${where})`
      : t`Credit of ${formatEuro(m.amount)} on ${day(m.bookingDate)} (${where})`,
  ];
  if (m.remittance) lines.push(t`  text: ${verbatim(m.remittance.slice(0, 200))}`);
  if (proposal.status === 'proposed') {
    lines.push(
      t`  proposed (confidence ${decimal(proposal.confidence)}): ${proposal.allocations.map((a) => `${a.number} ${formatEuro(a.amount)}`).join(', ')}`,
    );
    if (proposal.fee) lines.push(t`  bank fee read: ${formatEuro(proposal.fee)}`);
    if (proposal.excess) lines.push(t`  excess not registered: ${formatEuro(proposal.excess)}`);
  } else {
    lines.push(t`  no invoice matched`);
  }
  for (const reason of proposal.reasons) lines.push(joined(['  -', reason], ' '));
  return lines;
}

/** Open invoices a person would pick from first: the payer's own, then those closest in amount. */
function candidates(proposal: Proposal, invoices: readonly OpenInvoice[]): OpenInvoice[] {
  const payer = (proposal.movement.payer?.name ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  // How far the residue is from the credit, as a decimal string (money is never a float).
  const distance = (i: OpenInvoice) => sub(i.amountDue, proposal.movement.amount).replace(/^-/, '');
  const samePayer = (i: OpenInvoice) =>
    payer &&
    (i.counterpartName ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 6) === payer.slice(0, 6)
      ? 0
      : 1;
  return [...invoices].sort((a, b) => samePayer(a) - samePayer(b) || cmp(distance(a), distance(b))).slice(0, 15);
}

/** A proposal for one invoice chosen by hand: at most its residue, the rest reported as excess. */
function picked(proposal: Proposal, invoice: OpenInvoice): Proposal {
  const amount = cmp(proposal.movement.amount, invoice.amountDue) > 0 ? invoice.amountDue : proposal.movement.amount;
  const excess = cmp(proposal.movement.amount, invoice.amountDue) > 0 ? sub(proposal.movement.amount, invoice.amountDue) : undefined;
  return {
    movement: proposal.movement,
    status: 'proposed',
    confidence: 1,
    reasons: [t`invoice ${invoice.number} chosen in the review`],
    allocations: [{ invoiceId: invoice.id, uuid: invoice.uuid, number: invoice.number, amount, amountDueSeen: invoice.amountDue }],
    fit: excess ? 'over' : cmp(amount, invoice.amountDue) < 0 ? 'partial' : 'exact',
    reviewed: true,
    ...(excess ? { excess } : {}),
  };
}

export async function reviewProposals(
  factory: Factory,
  proposals: readonly Proposal[],
  invoices: readonly OpenInvoice[],
  minConfidence: number,
): Promise<Proposal[]> {
  const out: Proposal[] = [];
  let skipRest = false;
  const reviewable = (p: Proposal) => (p.status === 'proposed' && p.confidence >= minConfidence) || (p.status === 'unmatched' && p.movement.currency === 'EUR');
  const total = proposals.filter(reviewable).length;
  let index = 0;
  for (const proposal of proposals) {
    if (!reviewable(proposal)) {
      out.push(
        proposal.status === 'proposed'
          ? { ...proposal, status: 'skipped', skipReason: t`confidence ${decimal(proposal.confidence)} below --min-confidence ${decimal(minConfidence)}` }
          : proposal,
      );
      continue;
    }
    index++;
    if (skipRest) {
      out.push(skippedInReview(proposal));
      continue;
    }
    factory.output.info(joined([`\n[${index}/${total}]`, joined(describeCredit(proposal), '\n')], ' '));
    const choices: { name: Text; value: Decision }[] = [];
    if (proposal.status === 'proposed') choices.push({ name: t`Accept`, value: 'accept' });
    choices.push({ name: t`Skip`, value: 'skip' });
    if (invoices.length > 0) choices.push({ name: proposal.status === 'proposed' ? t`Pick another invoice` : t`Pick an invoice`, value: 'pick' });
    choices.push({ name: t`Skip this and the rest`, value: 'skip-rest' });
    const decision = await factory.io.prompter.select<Decision>({ message: t`This credit:`, flag: '--plan FILE then fisco bank apply', choices });
    if (decision === 'accept') out.push({ ...proposal, reviewed: true });
    else if (decision === 'pick') {
      const invoice = await factory.io.prompter.select<OpenInvoice | null>({
        message: t`Which invoice does it pay?`,
        flag: '--plan FILE then fisco bank apply',
        choices: [
          ...candidates(proposal, invoices).map((i) => ({
            name: t`${i.number}  ${formatEuro(i.amountDue)} due  ${verbatim(i.counterpartName ?? '')}`,
            value: i,
          })),
          { name: t`None: skip this credit`, value: null },
        ],
      });
      out.push(invoice ? picked(proposal, invoice) : skippedInReview(proposal));
    } else {
      if (decision === 'skip-rest') skipRest = true;
      out.push(skippedInReview(proposal));
    }
  }
  return out;
}

function skippedInReview(proposal: Proposal): Proposal {
  return proposal.status === 'proposed' ? { ...proposal, status: 'skipped', skipReason: t`skipped in the review` } : proposal;
}
