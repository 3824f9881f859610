/**
 * better-sqlite3 is a native module: built for one Node ABI (NODE_MODULE_VERSION) when it was
 * installed. The CLI installed under Node 20 and run under Node 22 fails to load it, which is how
 * the machine is set up, not a bug in contract-suite: a setup error (exit 2) naming the fix.
 */

/** The one line for a native module that does not load, naming `npm rebuild better-sqlite3`. */
export class NativeModuleError extends Error {
  override readonly name = "NativeModuleError";
}

const LOAD_FAILURE =
  /NODE_MODULE_VERSION|compiled against a different Node\.js version|invalid ELF header|wrong ELF class|Module did not self-register|Could not locate the bindings file|cannot open shared object file/;

/**
 * When `e` (or an error in its `cause` chain) is better-sqlite3's native module failing to load,
 * the setup error that says so; otherwise undefined.
 */
export function nativeModuleProblem(e: unknown): NativeModuleError | undefined {
  // Already recognised (a client that started the daemon read its line): that line as it is.
  for (let at: unknown = e, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++)
    if (at instanceof NativeModuleError) return at;
  for (let at: unknown = e, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    const { message } = at;
    const code = (at as NodeJS.ErrnoException).code;
    if (!/better[-_]sqlite3/.test(message) || !(code === "ERR_DLOPEN_FAILED" || LOAD_FAILURE.test(message))) continue;
    const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*?NODE_MODULE_VERSION (\d+)/.exec(message);
    const why = versions
      ? `was built for another Node.js (NODE_MODULE_VERSION ${versions[1]}; this Node.js, ${process.version}, needs ${versions[2]})`
      : `does not load (${message.split("\n")[0]!.slice(0, 200)})`;
    return new NativeModuleError(
      `better-sqlite3's native module ${why}: run \`npm rebuild better-sqlite3\` where contract-suite is installed (with the Node.js that runs it)`,
    );
  }
  return undefined;
}

/**
 * The line `wit daemon run` writes before it exits 2 on this failure, found in the daemon's log (a
 * client that started the daemon reads the log, not the daemon's error); undefined when absent.
 */
export function nativeModuleLine(log: string): string | undefined {
  const lines = log.match(/better-sqlite3's native module [^\n]*`npm rebuild better-sqlite3`[^\n]*/g);
  return lines?.at(-1);
}
