/**
 * The `hand-started` event the table deals next: its seated players with chips, its button,
 * rules and stakes, and what the last hand carries over. The table fold accepts a
 * `hand-started` only when it is this event.
 */
import type { Actor, HandStarted, SeatedPlayer, TwoHandedRound } from '../hand/events';
import { fail, ok, type Result } from '../result';
import { handIdFor, playersWithChips, type TableState } from './state';

/**
 * Builds the next hand's `hand-started` at `at` by `by`. Refused while a hand is in play
 * (`hand-in-play`), without a dealer (`no-dealer`), with fewer than two players with chips
 * (`not-enough-players`), and with `twoHanded` when the next round is the reserved one
 * (`reserved-round-next`). The reserved round starts by itself when the same two players
 * are seated; OFC Fantasyland seats carry over for the players still dealt in.
 */
export function nextHandStarted(
  state: TableState,
  o: { readonly at: string; readonly by: Actor; readonly twoHanded?: Extract<TwoHandedRound, { round: 'dealt' }> },
): Result<HandStarted> {
  if (state.hand) return fail('hand-in-play', `hand ${state.hand.number} is still in play at table ${state.id}`);
  if (!state.dealer) return fail('no-dealer', `no dealer is signed on at table ${state.id}: sign a dealer on first`);
  const seats: SeatedPlayer[] = playersWithChips(state).map(({ seat, player }) => ({
    seat, playerId: player.playerId, ...(player.name ? { name: player.name } : {}), stack: player.stack,
  }));
  if (seats.length < 2) {
    return fail('not-enough-players', `a hand needs at least two players with chips; table ${state.id} has ${seats.length}`);
  }
  let twoHanded: TwoHandedRound | undefined = o.twoHanded;
  const reserved = state.carried.reservedRound;
  if (reserved) {
    if (o.twoHanded) return fail('reserved-round-next', 'the next round is played with the reserved hands; it is not dealt');
    const sameSeats = reserved.hands.every((h) => seats.some((s) => s.seat === h.seat));
    if (sameSeats && seats.length === 2) twoHanded = reserved;
  }
  const fantasyland = state.carried.fantasyland.filter((s) => seats.some((x) => x.seat === s));
  const number = state.handsStarted + 1;
  return ok({
    type: 'hand-started', at: o.at, by: o.by, tableId: state.id, handId: handIdFor(state.id, number), handNumber: number,
    button: state.button, seats, pointValue: state.pointValue,
    profile: { name: state.profile.name, version: state.profile.version, snapshot: state.profileSnapshot },
    mode: state.mode,
    ...(state.mode === 'shoe' && state.seqModulo !== null ? { seqModulo: state.seqModulo } : {}),
    ...(twoHanded ? { twoHanded } : {}),
    ...(fantasyland.length ? { fantasyland } : {}),
  });
}
