/** Wording shared by the messages of the rules core. */

/** "1 card" / "5 cards"; `many` for an irregular plural. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
