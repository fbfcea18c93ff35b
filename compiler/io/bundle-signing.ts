// The signing step after a build: the signatures the bundle on disk holds for the same bundleHash are kept (so a rebuild
// of unchanged sources keeps them and `build --check` stays fresh), those of another bundle are dropped, and --sign adds
// this key's signature unless it already signed. A signature never changes bundleHash.
import { signatureProblem, signBundleHash, type BundleSignature, type Signer, type SigningKey } from "../../core/bundle-signature.js";
import type { SignatureReport } from "../review/signature-report.js";
import { compareCodeUnits } from "../../core/canonical-json.js";
import type { ForgeBundle } from "../../generated/types.js";

const SIGNATURE_FIELDS = ["algorithm", "publicKey", "fingerprint", "name", "signedAt", "signature"] as const;

/** An entry of the old file's signatures with every field a string (the file may be anything). */
function asSignature(value: unknown): BundleSignature | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!SIGNATURE_FIELDS.every((f) => typeof v[f] === "string") || v.algorithm !== "ed25519") return null;
  return Object.fromEntries(SIGNATURE_FIELDS.map((f) => [f, v[f]])) as unknown as BundleSignature;
}

/** The signatures of the bundle text on disk, read defensively, with its bundleHash. */
function oldSignatures(existing: string | null): { bundleHash: string | null; signatures: unknown[] } {
  if (existing === null) return { bundleHash: null, signatures: [] };
  try {
    const value = JSON.parse(existing) as { bundleHash?: unknown; signatures?: unknown } | null;
    return {
      bundleHash: typeof value?.bundleHash === "string" ? value.bundleHash : null,
      signatures: Array.isArray(value?.signatures) ? value.signatures : [],
    };
  } catch {
    return { bundleHash: null, signatures: [] };
  }
}

/** The bundle to write, with the signatures it keeps and adds; `key` null: no --sign. */
export function applySignatures(
  next: ForgeBundle,
  existing: string | null,
  key: SigningKey | null,
  now: Date,
): { bundle: ForgeBundle; report: SignatureReport | null } {
  const old = oldSignatures(existing);
  const kept = new Map<string, BundleSignature>();
  const dropped: SignatureReport["dropped"] = [];
  for (const raw of old.signatures) {
    const signature = asSignature(raw);
    if (signature === null) {
      dropped.push({ fingerprint: "", name: "", reason: "it is not a forge signature" });
      continue;
    }
    const who = { fingerprint: signature.fingerprint, name: signature.name };
    if (kept.has(signature.fingerprint)) continue;
    const problem = signatureProblem(next.bundleHash, signature);
    if (problem === null) kept.set(signature.fingerprint, signature);
    else if (old.bundleHash !== null && old.bundleHash !== next.bundleHash)
      dropped.push({ ...who, reason: `it signed the previous bundle (bundleHash ${old.bundleHash.slice(0, 12)}), not this one` });
    else dropped.push({ ...who, reason: problem });
  }
  let added: Signer | null = null;
  if (key !== null && !kept.has(key.fingerprint)) {
    kept.set(key.fingerprint, signBundleHash(next.bundleHash, key, now));
    added = { fingerprint: key.fingerprint, name: key.name };
  }
  const signatures = [...kept.values()].sort((a, b) => compareCodeUnits(a.fingerprint, b.fingerprint));
  const { signatures: _none, ...unsigned } = next;
  const bundle: ForgeBundle = signatures.length > 0 ? { ...unsigned, signatures } : unsigned;
  if (signatures.length === 0 && dropped.length === 0 && key === null) return { bundle, report: null };
  return { bundle, report: { signers: signatures.map((s) => ({ fingerprint: s.fingerprint, name: s.name })), added, dropped } };
}
