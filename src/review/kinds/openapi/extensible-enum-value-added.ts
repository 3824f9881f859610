/** `extensible-enum-value-added`: a new `x-extensible-enum` value. */
import { kind } from "../kind.js";
import { requestChange } from "../examples.js";
import { wireSide } from "../../engine/annotations.js";
import { canonical } from "../../schema/keywords.js";
import { short } from "../../schema/containment.js";

const e = (values: string[]) => ({ type: "string", "x-extensible-enum": values });

export default kind({
  id: "extensible-enum-value-added",
  family: "openapi",
  direction: "surface",
  level: "compatible",
  doc: "a new `x-extensible-enum` value (clients must tolerate unknown values)",
  opposite: "extensible-enum-value-removed",
  detect: {
    on: "edit",
    find: (e, p) => {
      if (e.keyword !== "x-extensible-enum" || !Array.isArray(e.old) || !Array.isArray(e.new)) return [];
      const had = new Set((e.old as unknown[]).map(canonical));
      const side = wireSide(p.new_, e.pointer.slice(0, e.pointer.lastIndexOf("/")));
      return (e.new as unknown[])
        .filter((v) => !had.has(canonical(v)))
        .map((v) => ({
          kind: "extensible-enum-value-added",
          verdict: "compatible" as const,
          direction: side,
          path: `#${e.pointer}`,
          subject: short(v),
          evidence: `${short(v)} is a new value of the extensible enum (clients must tolerate unknown values)`,
          reaches: [],
        }));
    },
  },
  describe: (d) => `${d.subject} is a new value of the extensible enum`,
  examples: { fires: requestChange(e(["a"]), e(["a", "b"])), quiet: requestChange(e(["a", "b"]), e(["a"])) },
});
