/**
 * The floor's words in the screen's language, built from structured parts (seats, cards,
 * rows, codes: app/contract/floor.ts) and the message files: what each step of a replayed
 * hand did, the state after it, an irregularity, who acted. Cards are written as on the
 * felt (rank and suit symbol), which reads the same in every language.
 */
import type { ActorView, RecalledHand, RowWords, StepEvent, StepState } from '../../app/contract/floor';
import { COMPASS, ROWS, type IrregularityView, type SeatNumber } from '../../app/contract/view';
import { rankOf, suitOf, SUIT_SYMBOLS, type Card } from '../../app/domain/cards';
import { describeHand } from './hand-words';
import { feltCards, reasonText } from './reason';
import type { Translator } from './translate';

/** A card as printed on it: "A♠", "10♥". */
export function cardText(t: Translator, card: Card): string {
  return `${t.t(`rank.${rankOf(card)}.face`)}${SUIT_SYMBOLS[suitOf(card)]}`;
}

export function cardsText(t: Translator, cards: readonly Card[]): string {
  return cards.map((c) => cardText(t, c)).join(' ');
}

/** `{seat}` and `{compass}` for a message. */
export function seatParams(t: Translator, seat: SeatNumber): { seat: number; compass: string } {
  return { seat, compass: t.t(`compass.${COMPASS[seat]}`) };
}

/** An amount with its sign: "+CZK 600", "-CZK 200". */
export function signedMoney(t: Translator, minor: number, currency: string): string {
  return minor > 0 ? `+${t.money(minor, currency)}` : t.money(minor, currency);
}

/** Who did it: "Dealer", "Floor: Jana". */
export function actorText(t: Translator, by: ActorView): string {
  if (by.kind === 'floor') return t.t('step.by.floor', { name: by.name });
  if (by.kind === 'dealer' && by.name) return t.t('step.by.dealerNamed', { name: by.name });
  return t.t(`step.by.${by.kind}`);
}

/** An irregularity in words: which seat, which cards, what is wrong with them (and where a
 *  card of another seat was dealt). */
export function irregularityText(t: Translator, irr: IrregularityView): string {
  const own = `irregularity.${irr.kind}`;
  const counted = t.has(`${own}.other`);
  const key = counted || t.has(own) ? own : 'irregularity.other';
  const where = irr.cards
    .map((card, i) => {
      const to = irr.dealtTo[i] ?? null;
      return to === null ? cardText(t, card) : t.t('irregularity.where', { card: cardText(t, card), ...seatParams(t, to) });
    })
    .join(', ');
  const params = { ...seatParams(t, irr.seat), cards: cardsText(t, irr.cards), where, detail: feltCards(t, irr.detail) };
  // A wrong-seat note names both seats of the swap when the view says which the other is.
  const other = irr.otherSeat ?? null;
  if (other !== null && t.has(`${own}.swap`)) {
    const swap = seatParams(t, other);
    return t.t(`${own}.swap`, { ...params, otherSeat: swap.seat, otherCompass: swap.compass });
  }
  return counted ? t.tn(key, irr.cards.length, params) : t.t(key, params);
}

/** How the floor ruled on it, or null while it waits. */
export function rulingText(t: Translator, irr: IrregularityView): string | null {
  const r = irr.resolution;
  return r ? t.t(`floor.ruled.${r.ruling}`, { by: r.by, reason: r.reason }) : null;
}

/** A set hand row by row, each row's hand in words when it can be valued: "2♠ 3♦ 4♣ (Four high) / ...". */
function rowsText(t: Translator, rows: { readonly front: readonly Card[]; readonly middle: readonly Card[]; readonly back: readonly Card[] }, words: RowWords = null): string {
  return ROWS.map((r) => (words ? t.t('step.row', { cards: cardsText(t, rows[r]), hand: describeHand(t, words[r]) }) : cardsText(t, rows[r]))).join(' / ');
}

/** What one step of a replayed hand did, in words. */
export function stepText(t: Translator, e: StepEvent, currency: string): string {
  switch (e.type) {
    case 'hand-started':
      return t.t('step.hand-started', {
        number: e.number,
        ...seatParams(t, e.button),
        players: e.players.map((p) => t.t('step.player', { ...seatParams(t, p.seat), name: p.name, stack: t.money(p.stack, currency) })).join(', '),
      });
    case 'card-dealt':
      return e.seat === null
        ? t.t('step.card-dealt.refused', { card: cardText(t, e.card) })
        : t.t('step.card-dealt', { card: cardText(t, e.card), ...seatParams(t, e.seat) });
    case 'card-unreadable':
    case 'deal-ended':
    case 'showdown-opened':
    case 'hand-closed':
      return t.t(`step.${e.type}`);
    case 'sequence-gap':
      return t.t('step.sequence-gap', { expected: e.expected, got: e.got });
    case 'card-exposed':
      return e.card === null ? t.t('step.card-exposed', seatParams(t, e.seat)) : t.t('step.card-exposed.card', { ...seatParams(t, e.seat), card: cardText(t, e.card) });
    case 'wrong-seat-delivery': {
      const other = seatParams(t, e.handOf);
      return t.t('step.wrong-seat-delivery', { ...seatParams(t, e.heldBy), otherSeat: other.seat, otherCompass: other.compass });
    }
    case 'seat-ready':
    case 'surrender-declared':
      return t.t(`step.${e.type}`, seatParams(t, e.seat));
    case 'natural-declared':
    case 'natural-verified':
    case 'natural-rejected':
      return t.t(`step.${e.type}`, { ...seatParams(t, e.seat), natural: t.t(`natural.${e.natural}`) });
    case 'row-scanned':
      return t.t('step.row-scanned', { ...seatParams(t, e.seat), row: t.t(`row.${e.row}`), cards: cardsText(t, e.cards) });
    case 'hand-set':
      return t.t('step.hand-set', { ...seatParams(t, e.seat), source: t.t(`step.source.${e.source}`), rows: rowsText(t, e, e.words) });
    case 'card-placed':
      return t.t('step.card-placed', { ...seatParams(t, e.seat), card: cardText(t, e.card), row: t.t(`row.${e.row}`) });
    case 'settled':
      return t.tn('step.settled', e.payments, {
        nets: e.net.map((n) => t.t('step.net', { ...seatParams(t, n.seat), net: signedMoney(t, n.net, currency) })).join(', '),
      });
    case 'payment-executed':
      return t.t('step.payment-executed', {
        number: e.index + 1,
        payer: e.from,
        payee: e.to,
        amount: t.money(e.amount, currency),
      });
    case 'misdeal-called':
      return t.t('step.misdeal-called', { cause: reasonText(t, { code: e.cause, message: e.detail }) });
    case 'hand-voided':
      return t.t('step.hand-voided', { reason: e.reason });
    case 'floor-correction': {
      const a = e.action;
      switch (a.kind) {
        case 'resolve-irregularity':
          return t.t(`step.floor.ruling.${a.ruling}`, { id: a.irregularity, reason: e.reason });
        case 'foul-seat':
          return t.t('step.floor.foul-seat', { ...seatParams(t, a.seat), reason: e.reason });
        case 'replace-hand':
          return t.t('step.floor.replace-hand', { ...seatParams(t, a.seat), rows: rowsText(t, a, e.words), reason: e.reason });
        case 'note':
          return t.t('step.floor.note', { reason: e.reason });
      }
    }
  }
}

/** The state after a step, as label/value pairs (in display order). */
export function stateLines(t: Translator, s: StepState): { key: string; label: string; value: string }[] {
  return [
    { key: 'phase', label: t.t('replay.state.phase'), value: t.t(`phase.${s.phase === 'idle' ? 'none' : s.phase}`) },
    { key: 'cardsRead', label: t.t('replay.state.cardsRead'), value: t.t('replay.state.cardsReadValue', { count: s.cardsRead }) },
    { key: 'dealt', label: t.t('replay.state.dealt'), value: s.dealt.join(' · ') },
    { key: 'seatsDone', label: t.t('replay.state.seatsDone'), value: t.t('replay.state.ofValue', { done: s.seatsDone, of: s.playing }) },
    { key: 'payments', label: t.t('replay.state.payments'), value: t.t('replay.state.ofValue', { done: s.paymentsMade, of: s.paymentsTotal }) },
    { key: 'irregularities', label: t.t('replay.state.irregularities'), value: t.tn('replay.state.irregularitiesValue', s.irregularitiesOpen, { total: s.irregularities }) },
  ];
}

/** A misdeal cause in the screen's language (its refusal wording), or the code when it has none. */
export function causeText(t: Translator, cause: string): string {
  return t.has(`reason.${cause}`) ? t.t(`reason.${cause}`) : cause;
}

/** A hand's outcome in words (with the misdeal's cause or the void's reason). */
export function outcomeText(t: Translator, h: Pick<RecalledHand, 'outcome' | 'misdealCause' | 'voidReason'>): string {
  switch (h.outcome) {
    case 'misdeal':
      return t.t('recall.outcome.misdeal', { cause: h.misdealCause ? causeText(t, h.misdealCause) : '' });
    case 'void':
      return t.t('recall.outcome.void', { reason: h.voidReason ?? '' });
    default:
      return t.t(`recall.outcome.${h.outcome}`);
  }
}

