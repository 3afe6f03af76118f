/**
 * Ranges, [min, max] inclusive, of the numeric options that more than one place checks: a
 * device or simulator option and the command-line flag that sets it (hardware/cli/), or the
 * two simulators' shared options. One definition, so a flag and its option refuse the same
 * values.
 */
export type IntRange = readonly [min: number, max: number];

/** Serial line speed (SerialCardDevice `baudRate`, SerialShoeSimulator `baudRate`, `--baud`). */
export const BAUD_RATE: IntRange = [50, 4_000_000];
/** The reader's watchdog (SerialCardDevice and InProcessShoe `heartbeatTimeoutMs`, shoe:read `--heartbeat-ms`). */
export const HEARTBEAT_TIMEOUT_MS: IntRange = [10, 3_600_000];
/** Deck seeds of both simulators (`--seed`). */
export const SEED: IntRange = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
/** Milliseconds between cards, both simulators (`--pace`). */
export const PACE_MS: IntRange = [0, 600_000];
/** The serial simulator's idle heartbeat interval (shoe:sim `--heartbeat-ms`). */
export const SIM_HEARTBEAT_MS: IntRange = [5, 600_000];
/** The serial simulator's resend timeout (shoe:sim `--ack-timeout-ms`). */
export const SIM_ACK_TIMEOUT_MS: IntRange = [5, 60_000];
