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
}
