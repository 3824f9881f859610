/** What a suite runs against, and the command-line options that choose it. */
export interface SuiteTarget<T> {
  name: string;
  target: T;
  /** Releases what the target started (processes, sockets). */
  close?(): Promise<void>;
}

export interface ConformOptions {
  /** A command that runs a live implementation (suite-specific protocol). */
  target?: string;
  socket?: string;
  transport?: string;
  /** frame-wire: the full URL of a live server's streaming operation. */
  endpoint?: string;
  /** frame-wire: a bearer token the endpoint accepts. */
  token?: string;
  /** frame-wire: a second fold command to compare with --target. */
  differential?: string;
  /** wit: which checks, `protocol` (contract and spec only) or `reference` (plus our daemon's choices). */
  profile?: string;
  /** A recorded proxy session (proxy --record) to replay instead of the suite's own checks. */
  replay?: string;
}
