// Technical text that must not reach the dealer: a card code ("2c") where the felt shows 2♣ in
// the domain's sentences the screen quotes (a pending misdeal's detail, an irregularity of a
// kind the screen has no wording of its own for).
import { describe, expect, it } from 'vitest';
import type { IrregularityView } from '../../../app/contract/view';
import { blockerText } from '../../../renderer/i18n/blocker-words';
import { irregularityText } from '../../../renderer/i18n/floor-words';
import { createTranslator, LANGS } from '../../../renderer/i18n/translate';

describe('cards in the sentences the screen quotes', () => {
  it.each(LANGS)('a pending misdeal\'s detail (%s)', (lang) => {
    const t = createTranslator(lang);
    // The fold's words for a card read twice (app/domain/hand/fold.ts).
    const text = blockerText(t, { code: 'misdeal-pending', seat: null, detail: '2c was read twice (cards 4 and 11 read)', message: 'misdeal: 2c was read twice (cards 4 and 11 read)' });
    expect(text).toMatch(/2♣ was read twice/);
    expect(text).not.toMatch(/\b2c\b/);
  });

  it.each(LANGS)('an irregularity the screen words from its sentence (%s)', (lang) => {
    const irr: IrregularityView = {
      id: 1, seat: 2, kind: 'something-new', cards: [], dealtTo: [], detail: 'Seat 2 showed 6h and Td', blocking: true, at: 0, resolution: null, rulings: [],
    };
    const text = irregularityText(createTranslator(lang), irr);
    expect(text).toMatch(/6♥ and 10♦/);
    expect(text).not.toMatch(/\b6h\b|\bTd\b/);
  });
});
