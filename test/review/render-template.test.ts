// The diff's view of a compiled template: text verbatim, slots as {{name}} placeholders (what a reviewer reads).
import { describe, expect, it } from "vitest";
import { renderTemplate } from "../../compiler/review/semantic-diff.js";

describe("renderTemplate", () => {
  it("joins text verbatim and shows slots as placeholders", () => {
    expect(renderTemplate([{ text: "In " }, { slot: "cwd" }, { text: " on " }, { slot: "os" }, { text: ".\n" }])).toBe("In {{cwd}} on {{os}}.\n");
    expect(renderTemplate([])).toBe("");
  });
});
