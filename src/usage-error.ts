/**
 * A mistake in how something was called (a bad option value, an unknown name): the CLI reports it
 * on stderr in one line with exit code 2. Below the CLI so that libraries (conformance targets,
 * codegen) can raise it without importing the CLI.
 */
export class UsageError extends Error {
  override readonly name: string = "UsageError";
}
