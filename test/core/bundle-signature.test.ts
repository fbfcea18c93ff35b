// Bundle signatures: what a signature covers, that it never changes bundleHash, and that every way of changing a signed
// bundle or its signature is refused by the one verification (as tampered), while a valid signature of any key passes.
import { generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeBundleProblem, verifyBundleValue } from "../../core/bundle-verify.js";
import { fingerprintOf, rawPublicKeyOf, signatureProblem, signersOf, signingKeyFromPem } from "../../core/bundle-signature.js";
import { computeBundleHash } from "../../core/digest.js";
import { makeBundle } from "../runtime/helpers.js";
import { newKey, signed } from "../support/signing-keys.js";

const BUNDLE = makeBundle("project", { alpha: { text: "Alpha." }, beta: {} }, { flow: { overlays: ["alpha", "beta"] } });
const ADA = newKey();
const BOB = newKey("Bob");

describe("bundle signatures", () => {
  it("fingerprint: the sha256 of the raw 32-byte public key, lowercase hex", () => {
    expect(ADA.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(ADA.fingerprint).toBe(fingerprintOf(rawPublicKeyOf(ADA.privateKey)));
    expect(Buffer.from(ADA.publicKey, "base64")).toHaveLength(32);
    expect(signingKeyFromPem("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n", "x")).toBeNull();
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    expect(signingKeyFromPem(rsa, "x")).toBeNull();
  });

  it("never changes bundleHash: a signed bundle verifies with the same hash, and several keys may sign", () => {
    const both = signed(BUNDLE, ADA, BOB);
    expect(computeBundleHash(both)).toBe(BUNDLE.bundleHash);
    expect(verifyBundleValue(both, "project").problems).toEqual([]);
    expect(
      signersOf(both)
        .map((s) => s.name)
        .sort(),
    ).toEqual(["Ada <ada@example.com>", "Bob"]);
  });

  it("covers the bundleHash, the key, its name and the time: changing any of them is a bad signature", () => {
    const [s] = signed(BUNDLE, ADA).signatures!;
    expect(signatureProblem(BUNDLE.bundleHash, s!)).toBeNull();
    expect(signatureProblem("0".repeat(64), s!)).toMatch(/does not verify/);
    expect(signatureProblem(BUNDLE.bundleHash, { ...s!, name: "Mallory" })).toMatch(/does not verify/);
    expect(signatureProblem(BUNDLE.bundleHash, { ...s!, signedAt: "2030-01-01T00:00:00.000Z" })).toMatch(/does not verify/);
    // Another key put in with its own fingerprint: the signature is not that key's.
    expect(signatureProblem(BUNDLE.bundleHash, { ...s!, publicKey: BOB.publicKey, fingerprint: BOB.fingerprint })).toMatch(/does not verify/);
    expect(signatureProblem(BUNDLE.bundleHash, { ...s!, fingerprint: BOB.fingerprint })).toMatch(/fingerprint is not the sha256/);
  });

  it("refuses the whole bundle as tampered when one byte of a signature changed, whoever signed it", () => {
    const bundle = signed(BUNDLE, ADA);
    const s = bundle.signatures![0]!;
    const bytes = Buffer.from(s.signature, "base64");
    bytes[10] = bytes[10]! ^ 0x01;
    const tampered = { ...bundle, signatures: [{ ...s, signature: bytes.toString("base64") }] };
    const { problems } = verifyBundleValue(tampered, "project");
    expect(problems.map((p) => p.kind)).toEqual(["signature"]);
    expect(describeBundleProblem(problems[0]!)).toMatch(
      /^tampered: signature 1 \(by [0-9a-f]{16} \(claimed name "Ada <ada@example.com>"\)\) is bad: it does not verify/,
    );
  });

  it("a signed bundle whose content changed fails its digests and its signature (re-hashed: the signature alone)", () => {
    const bundle = signed(BUNDLE, ADA);
    const edited = structuredClone(bundle);
    edited.modes.alpha!.label = "Edited";
    expect(verifyBundleValue(edited, "project").problems.map((p) => p.kind)).toContain("mode-digest");
    const rehashed = makeBundle("project", { alpha: { text: "Alpha.", label: "Edited" }, beta: {} }, { flow: { overlays: ["alpha", "beta"] } });
    expect(verifyBundleValue({ ...rehashed, signatures: bundle.signatures }, "project").problems.map((p) => p.kind)).toEqual(["signature"]);
  });

  it("property: any change to a signature's bytes, key or fields is refused", () => {
    const bundle = signed(BUNDLE, ADA);
    const s = bundle.signatures![0]!;
    fc.assert(
      fc.property(
        fc.constantFrom("signature", "publicKey") as fc.Arbitrary<"signature" | "publicKey">,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (field, at, xor) => {
          const bytes = Buffer.from(s[field], "base64");
          bytes[at % bytes.length] = bytes[at % bytes.length]! ^ xor;
          const changed = { ...s, [field]: bytes.toString("base64") };
          return verifyBundleValue({ ...bundle, signatures: [changed] }, "project").problems.some((p) => p.kind === "signature" || p.kind === "schema");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the schema refuses a malformed signature entry before any check", () => {
    const bundle = signed(BUNDLE, ADA);
    const bad = { ...bundle, signatures: [{ ...bundle.signatures![0]!, name: "evil\u001b[2J" }] };
    expect(verifyBundleValue(bad, "project").problems[0]?.kind).toBe("schema");
    expect(verifyBundleValue({ ...bundle, signatures: [{ ...bundle.signatures![0]!, extra: 1 }] }, "project").problems[0]?.kind).toBe("schema");
  });
});
