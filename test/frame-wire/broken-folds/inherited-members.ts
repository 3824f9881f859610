// BROKEN on purpose: "own member" checks see inherited members too, so a pointer can traverse
// Object.prototype.toString and friends. Patched before the fold's modules load (they capture
// hasOwnProperty at load time); this process only.
Object.prototype.hasOwnProperty = function (this: object, key: PropertyKey): boolean {
  return key in Object(this);
};
const { runPatchedFold } = await import("./_wrap.js");
await runPatchedFold({});
