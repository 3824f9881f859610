/**
 * The default transport: one JSON request per line in, one ToolResponse per line out, in order.
 * A line that is not a request (not JSON, too large) is answered with a malformed-request refusal
 * and the session goes on; blank lines are skipped (decision 075).
 */
import { JsonParseError, parseJson } from "../../json/index.js";
import type { ToolResponse } from "../../generated/wright-agent/types.js";
import type { ToolService } from "../service.js";
import { MAX_LINE_BYTES, readLines, writeLine } from "../../io/lines.js";

export interface LineIo {
  input: AsyncIterable<unknown>;
  output: NodeJS.WritableStream;
}

export function malformedLine(message: string): ToolResponse {
  return { error: { code: "malformed-request", message } };
}

/** Parses one stdio line into a request value, or the refusal for a line that is not one. */
export function parseRequestLine(line: string): { ok: true; value: unknown } | { ok: false; response: ToolResponse } {
  try {
    return { ok: true, value: parseJson(line, { maxBytes: MAX_LINE_BYTES }) };
  } catch (e) {
    return {
      ok: false,
      response: malformedLine(
        `a request line must be one JSON object: ${e instanceof JsonParseError ? e.message : String(e)}`,
      ),
    };
  }
}

export async function serveStdio(service: ToolService, io: LineIo): Promise<void> {
  for await (const item of readLines(io.input)) {
    let response: ToolResponse;
    if ("oversize" in item)
      response = malformedLine(`request line of ${item.oversize} bytes exceeds the ${MAX_LINE_BYTES}-byte limit`);
    else if (item.line.trim() === "") continue;
    else {
      const parsed = parseRequestLine(item.line);
      response = parsed.ok ? await service.handle(parsed.value) : parsed.response;
    }
    await writeLine(io.output, JSON.stringify(response));
  }
}
