/**
 * The daemon's time source. `system` is Date.now. `manual` (WIT_CLOCK=manual, tests only) starts at
 * the wall clock and moves only when told to, through the test-only endpoint POST /_test/clock
 * (docs/decisions/055-wit-test-clock-and-defects.md). All lock/intent/contract times come from here.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  private current: number;
  constructor(start: number = Date.now()) {
    this.current = Math.floor(start);
  }
  now(): number {
    return this.current;
  }
  advance(ms: number): number {
    this.current += Math.floor(ms);
    return this.current;
  }
  set(ms: number): number {
    this.current = Math.floor(ms);
    return this.current;
  }
}

/** Milliseconds as the protocol's ISO 8601 string. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
