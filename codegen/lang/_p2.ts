import { loadRegistry, loadContract } from "/work/main/src/contracts/index.js";
const reg = loadRegistry();
const c = await loadContract(reg, { name: "frame-wire", kind: "json-schema" as const, version: "1.3.0", entry: "frame-wire/frame_wire.json" });
console.log(c.problems, [...c.doc.files.keys()]);
