/** `extensible-enum-value-removed`: a value of an `x-extensible-enum` is gone. */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { wireSide } from "../../engine/annotations.js";
import { canonical } from "../../schema/keywords.js";
import { short } from "../../schema/containment.js";

const e = (values: string[]) => ({ type: "string", "x-extensible-enum": values });

export default kind({
  id: "extensible-enum-value-removed",
  family: "openapi",
  direction: "surface",
  level: "breaking",
  doc: "a value of an `x-extensible-enum` is gone (compatible on responses)",
  opposite: "extensible-enum-value-added",
  detect: {
    on: "edit",
    find: (e, p) => {
      if (e.keyword !== "x-extensible-enum" || !Array.isArray(e.old) || !Array.isArray(e.new)) return [];
      // Clients must tolerate unknown values of an extensible enum, so additions are safe; a removed value is refused from now on.
      const kept = new Set((e.new as unknown[]).map(canonical));
      const side = wireSide(p.new_, e.pointer.slice(0, e.pointer.lastIndexOf("/")));
      return (e.old as unknown[])
        .filter((v) => !kept.has(canonical(v)))
        .map((v) => ({
          kind: "extensible-enum-value-removed",
          verdict: side === "response" ? ("compatible" as const) : ("breaking" as const),
          direction: side,
          path: `#${e.pointer}`,
          subject: short(v),
          evidence: `${short(v)} is no longer a value of the extensible enum${side === "response" ? " (responses may only narrow)" : ": clients sending it are refused"}`,
          reaches: [],
        }));
    },
  },
  describe: (d) => `${d.subject} is no longer a value of the extensible enum`,
  examples: { fires: requestChange(e(["a", "b"]), e(["a"])), quiet: requestChange(e(["a"]), e(["a", "b"])) },
});
