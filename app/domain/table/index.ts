/**
 * The table as a pure fold over its log, in the shape of the hand's (../hand). See docs/table.md.
 *
 *   let s = unwrap(applyTable(null, { handId: null, body: tableOpened }))   // Result<TableState>
 *   s = unwrap(applyTable(s, { handId: null, body: buyIn }))                // seats[i].stack is the stack after
 *   const start = nextHandStarted(s, { at, by: 'dealer' })                  // the only hand-started the fold accepts
 *   replayTable(entries)                                                    // rebuild the table from its log
 *   replayTable(rest, unwrap(tableFromCheckpoint(checkpoint)))              // ... or from its last checkpoint
 */
export * from './events';
export { applyTable, applyTableEntry, replayTable, type TableEntry, type TableStep } from './fold';
export { nextHandStarted } from './next-hand';
export { checkpointBody, checkpointOf, tableFromCheckpoint, type CheckpointBody } from './checkpoint';
export { differenceText, firstDifference, type Difference } from './difference';
export {
  NOTHING_CARRIED, TABLE_ID_PATTERN, TABLE_SEATS, handIdFor, handNumberOf, isTableId, playersWithChips,
  type CarriedOver, type OpenHand, type TableSeat, type TableState,
} from './state';
export * from './buy-in';
export {
  checkCorrection, correctableHand, correctedHand, correctionSettled, correctionSignersNeeded, planCorrection, playedHandOf, tableNextAction,
  type CorrectionPlan, type CorrectionTransfer, type HandCorrection, type PlayedHand, type SeatCorrection,
} from './correction';
