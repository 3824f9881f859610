/**
 * `conform frame-wire --replay FILE`: the streams of a recorded proxy session (proxy frame-wire
 * --record) as frame-wire vectors, one check each, against the reference fold or any fold command
 * (--target). A vector's expected outcome is what our fold made of the stream when it was recorded.
 */
import { CheckFailure, SkipCheck, type Suite } from "../harness/check.js";
import { readRecording } from "../proxy/recording.js";
import { UsageError } from "../../src/usage-error.js";
import type { FrameWireTarget } from "./suite.js";
import { formatVectorFailures, type FrameWireVector } from "./vectors.js";

export function loadReplayVectors(file: string): FrameWireVector[] {
  return readRecording(file, "frame-wire").map((raw, i) => {
    const v = raw as FrameWireVector;
    if (
      v === null ||
      typeof v !== "object" ||
      typeof v.name !== "string" ||
      typeof v.expected !== "object" ||
      !((v.level === "fold" && Array.isArray(v.events)) || (v.level === "command" && typeof v.stdin === "string"))
    )
      throw new UsageError(`--replay ${file}: vector ${i} is not a frame-wire vector`);
    return v;
  });
}

export function frameWireReplaySuite(file: string): Suite<FrameWireTarget> {
  const vectors = loadReplayVectors(file);
  return {
    name: "frame-wire",
    description: `The recorded streams of ${file}, each folded and compared with the outcome recorded with it.`,
    checks: vectors.map((v) => ({
      id: `frame-wire/replay/${v.name}`,
      title: v.name,
      doc: v.description,
      async run(target: FrameWireTarget) {
        const [r] = await target.runVectors([v]);
        if (!r) throw new SkipCheck(`a ${v.level}-level vector; this target runs in process`);
        if (!r.ok)
          throw new CheckFailure(`recorded stream ${v.name}: ${formatVectorFailures([r])}`, {
            counterexample: v.events ?? v.stdin,
          });
      },
    })),
  };
}
