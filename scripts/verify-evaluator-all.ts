/**
 * `npm run verify:evaluator`: checks the fast evaluator (evaluate5) against the plain
 * reference classifier (test/support/reference-evaluator.ts) on all 2,598,960 five-card
 * hands, and the category counts against the known distribution. Exits 1 on any mismatch.
 * Too slow for the default test run, which checks a 200,000-hand sample.
 */
import { CATEGORY_NAMES, categoryOf, evaluate5 } from '../app/domain/evaluate';
import { formatCards } from '../app/domain/cards';
import { referenceClassify, referenceOnScale } from '../test/support/reference-evaluator';

/** Five-card hands per category, high card ... straight flush (royal flushes included). */
const KNOWN_COUNTS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40];
/** Distinct hand values (equivalence classes) among all five-card hands. */
const KNOWN_DISTINCT = 7462;

const counts = new Array<number>(9).fill(0);
const distinct = new Set<number>();
let hands = 0;
let mismatches = 0;
const started = performance.now();
for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++)
  for (let d = c + 1; d < 52; d++) for (let e = d + 1; e < 52; e++) {
    const ours = evaluate5(a, b, c, d, e);
    const ref = referenceOnScale(referenceClassify([a, b, c, d, e]));
    if (ours !== ref) {
      if (mismatches < 10) console.error(`mismatch: ${formatCards([a, b, c, d, e])}: ours ${ours.toString(16)}, reference ${ref.toString(16)}`);
      mismatches++;
    }
    counts[categoryOf(ours)]++;
    distinct.add(ours);
    hands++;
  }

let failed = mismatches > 0;
console.log(`${hands} five-card hands in ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (let cat = 8; cat >= 0; cat--) {
  const ok = counts[cat] === KNOWN_COUNTS[cat];
  if (!ok) failed = true;
  console.log(`${CATEGORY_NAMES[cat].padEnd(16)} ${String(counts[cat]).padStart(8)}  ${ok ? 'ok' : `EXPECTED ${KNOWN_COUNTS[cat]}`}`);
}
const distinctOk = distinct.size === KNOWN_DISTINCT;
if (!distinctOk || hands !== 2598960) failed = true;
console.log(`distinct values    ${String(distinct.size).padStart(6)}  ${distinctOk ? 'ok' : `EXPECTED ${KNOWN_DISTINCT}`}`);
console.log(`mismatches with the reference: ${mismatches}`);
if (failed) {
  console.error('verify:evaluator FAILED');
  process.exit(1);
}
console.log('verify:evaluator: all five-card hands agree');
