/** flattenErrors names a field by its unescaped member (src/json's RFC 6901 unescape), the missing one for `required`. */
import { describe, expect, it } from "vitest";
import { flattenErrors } from "../../src/json/index.js";

const err = (instancePath: string, keyword = "type", params: Record<string, unknown> = {}) => ({
  instancePath,
  keyword,
  schemaPath: "#",
  params,
  message: "is wrong",
});

describe("flattenErrors", () => {
  it("unescapes the first token of the path (~1 then ~0) and keeps the path of deeper errors", () => {
    const out = flattenErrors([err("/a~1b"), err("/~01/x"), err("", "required", { missingProperty: "c/d" })]);
    expect(out.fieldErrors).toEqual({ "a/b": ["is wrong"], "~1": ["/~01/x is wrong"], "c/d": ["is wrong"] });
    expect(out.formErrors).toEqual([]);
  });
  it("keeps a malformed token as written instead of throwing", () => {
    expect(Object.keys(flattenErrors([err("/a~2")]).fieldErrors)).toEqual(["a~2"]);
  });
});
