// forge build's signing step: signatures of the same bundleHash are kept (a rebuild changes no byte), those of another
// bundle are dropped with the reason, --sign adds a key's signature once, several keys sign side by side.
import { describe, expect, it } from "vitest";
import { applySignatures } from "../../compiler/io/bundle-signing.js";
import { emitBundleText } from "../../compiler/compile.js";
import { computeBundleHash } from "../../core/digest.js";
import { makeBundle } from "../runtime/helpers.js";
import { newKey, signed } from "../support/signing-keys.js";

const V1 = makeBundle("project", { alpha: { text: "one" } });
const V2 = makeBundle("project", { alpha: { text: "two" } });
const ADA = newKey("Ada");
const BOB = newKey("Bob");

describe("applySignatures", () => {
  it("nothing to report for an unsigned bundle built unsigned", () => {
    expect(applySignatures(V1, emitBundleText(V1), null, new Date(1)).report).toBeNull();
  });

  it("keeps a valid signature of the same bundleHash: the rebuilt text is byte-identical", () => {
    const onDisk = emitBundleText(signed(V1, ADA));
    const { bundle, report } = applySignatures(V1, onDisk, null, new Date(5));
    expect(emitBundleText(bundle)).toBe(onDisk);
    expect(report).toMatchObject({ signers: [{ name: "Ada" }], added: null, dropped: [] });
  });

  it("--sign adds the key's signature once; a second --sign by the same key keeps the first (no new timestamp)", () => {
    const first = applySignatures(V1, emitBundleText(V1), ADA, new Date(1));
    expect(first.report?.added?.fingerprint).toBe(ADA.fingerprint);
    expect(computeBundleHash(first.bundle)).toBe(V1.bundleHash);
    const text = emitBundleText(first.bundle);
    const again = applySignatures(V1, text, ADA, new Date(99));
    expect(emitBundleText(again.bundle)).toBe(text);
    expect(again.report?.added).toBeNull();
  });

  it("another key signs beside the first, ordered by fingerprint", () => {
    const both = applySignatures(V1, emitBundleText(signed(V1, ADA)), BOB, new Date(2)).bundle;
    expect(both.signatures!.map((s) => s.fingerprint)).toEqual([ADA.fingerprint, BOB.fingerprint].sort());
  });

  it("drops the signatures of the previous bundle when the sources changed, saying so; --sign signs the new one", () => {
    const onDisk = emitBundleText(signed(V1, ADA));
    const unsigned = applySignatures(V2, onDisk, null, new Date(3));
    expect(unsigned.bundle.signatures).toBeUndefined();
    expect(unsigned.report?.dropped).toEqual([
      { fingerprint: ADA.fingerprint, name: "Ada", reason: `it signed the previous bundle (bundleHash ${V1.bundleHash.slice(0, 12)}), not this one` },
    ]);
    const resigned = applySignatures(V2, onDisk, ADA, new Date(3));
    expect(resigned.bundle.signatures?.map((s) => s.fingerprint)).toEqual([ADA.fingerprint]);
  });

  it("drops a broken signature of the same bundle and anything that is not a signature", () => {
    const bundle = signed(V1, ADA);
    const broken = { ...bundle, signatures: [{ ...bundle.signatures![0]!, name: "Mallory" }, { nonsense: true }] };
    const { bundle: out, report } = applySignatures(V1, JSON.stringify(broken), null, new Date(4));
    expect(out.signatures).toBeUndefined();
    expect(report?.dropped.map((d) => d.reason)).toEqual([
      "it does not verify: the bundle or the signature was changed after signing",
      "it is not a forge signature",
    ]);
  });
});
