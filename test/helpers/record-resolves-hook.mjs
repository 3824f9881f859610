import { appendFileSync } from "node:fs";
let log;
export function initialize(data) {
  log = data.log;
}
export async function resolve(specifier, context, next) {
  if (log && !specifier.startsWith(".") && !specifier.startsWith("/") && !specifier.startsWith("file:") && !specifier.startsWith("node:")) appendFileSync(log, specifier + "\n");
  return next(specifier, context);
}
