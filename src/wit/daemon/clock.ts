/**
 * The daemon's time source. `systemClock` is Date.now. A `ManualClock` starts at the wall clock and
 * moves only when its owner calls it: a program embedding the daemon in-process passes it to
 * `startDaemon({ clock })` (the conformance runner and the tests do). Nothing outside the process
 * can move it: there is no endpoint or variable for it (decision 055). All lock/intent/contract
 * times come from here.
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
