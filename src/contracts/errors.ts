/** The registry's error, in a module of its own so the CLI can recognise it without loading the validation stack. */
export class RegistryError extends Error {
  override readonly name = "RegistryError";
}
