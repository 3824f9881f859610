/** `pointerWithin`: a location at or below another, token by token (not by string prefix alone). */
import { describe, expect, it } from "vitest";
import { pointerWithin } from "../../src/json/index.js";

describe("pointerWithin", () => {
  it("is true for the pointer itself and anything below it; every pointer is within the root", () => {
    expect(pointerWithin("/a", "/a")).toBe(true);
    expect(pointerWithin("/a/b/0", "/a")).toBe(true);
    expect(pointerWithin("/a", "")).toBe(true);
    expect(pointerWithin("", "")).toBe(true);
  });
  it("is false for a sibling sharing a prefix, an ancestor, and the root below a member", () => {
    expect(pointerWithin("/ab", "/a")).toBe(false);
    expect(pointerWithin("/a", "/a/b")).toBe(false);
    expect(pointerWithin("", "/a")).toBe(false);
    expect(pointerWithin("/a~1b", "/a")).toBe(false);
  });
});
