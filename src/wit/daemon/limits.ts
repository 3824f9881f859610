/**
 * The one limit of decision 050 that the contract's schemas cannot state: a staged file's content
 * is at most `maxFileContentBytes` bytes of UTF-8 (check-contracts' description in
 * contracts/wit/openrpc.json says so; a schema's maxLength counts characters, not bytes). A breach
 * is INVALID_REQUEST naming `files`, before anything is read.
 *
 * Every other limit (lengths, list sizes, the TTL range) is the schema's own maxLength, maxItems,
 * minimum and maximum, with the numbers of WIT_LIMITS, and the engine validates params against the
 * schema before any handler runs (src/rpc/engine.ts). Checking them again here was code no request
 * could reach (decision 228).
 */
import type { WitLimits } from "../protocol.js";
import { invalidRequest } from "./errors.js";

/** Throws INVALID_REQUEST for the first staged file whose content is over the byte limit. */
export function checkStagedContent(
  files: readonly { content: string }[],
  limits: Pick<WitLimits, "maxFileContentBytes">,
): void {
  files.forEach((f, i) => {
    if (Buffer.byteLength(f.content, "utf8") > limits.maxFileContentBytes) {
      throw invalidRequest("files", `/files/${i}/content is larger than ${limits.maxFileContentBytes} bytes`);
    }
  });
}
