// The one bundle verification: the stored text must be exactly what the digests were computed over.
import { describe, expect, it } from "vitest";
import { describeBundleProblem, verifyBundleText } from "../../core/bundle-verify.js";
import { makeBundle } from "../runtime/helpers.js";

function sample() {
  return makeBundle("project", { review: { text: "Keep it short; cite the file." } }, { flow: { overlays: ["review"] } });
}

describe("verifyBundleText", () => {
  it("a bundle as forge build writes it verifies", () => {
    expect(verifyBundleText(JSON.stringify(sample()), "project").problems).toEqual([]);
  });

  it.each([
    ["K -> U+212A KELVIN SIGN", "Keep", "\u212Aeep"],
    ["; -> U+037E GREEK QUESTION MARK", "short;", "short\u037E"],
  ])("refuses a look-alike edit that NFC hides from the digests (%s)", (_name, from, to) => {
    const b = sample();
    const segment = b.modes.review!.prompt[0] as { text: string };
    segment.text = segment.text.replace(from, to);
    // The digests still match: canonical JSON normalizes to NFC before hashing, which turns the look-alike back.
    const { problems } = verifyBundleText(JSON.stringify(b), "project");
    expect(problems).toEqual([{ kind: "not-nfc", path: "/modes/review/prompt/0/text" }]);
    expect(describeBundleProblem(problems[0]!)).toContain("is not in Unicode NFC");
  });

  it("checks keys too", () => {
    const text = JSON.stringify(sample()).replace('"review":{', '"revi\u0065\u0301w":{');
    const { problems } = verifyBundleText(text, "project");
    expect(problems.some((p) => p.kind === "not-nfc" || p.kind === "schema")).toBe(true);
  });
});
