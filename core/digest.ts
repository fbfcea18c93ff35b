// The one definition of every forge digest; the compiler writes them and the runtime recomputes them.
import { createHash } from "node:crypto";
import { stringifyCanonical, type CanonicalCache } from "./canonical-json.js";

/** A scope the runtime loads a bundle from. */
export type Scope = "builtin" | "global" | "project";
/** The scope a bundle is built for: a runtime scope, or a forge library's (consumed by forge build, never by the runtime). */
export type BundleScope = Scope | "library";
export type ComponentKind = "mode" | "preset" | "update" | "rule";

/** Fields that are bookkeeping, not meaning: never hashed. */
const UNHASHED_ENTRY_FIELDS = new Set(["digest", "source"]);
/** Signatures sign the bundleHash, so they cannot be part of it: signing never changes bundleHash. */
const UNHASHED_BUNDLE_FIELDS = new Set(["bundleHash", "forgeVersion", "generated", "signatures"]);

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function omitFields(entry: object, fields: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry)) if (!fields.has(k)) out[k] = v;
  return out;
}

/**
 * Digest of one component: its kind, key and scope plus every semantic field of its bundle entry
 * (text segments, strategy, contracts, preferences...). `digest` and `source` are excluded, so
 * moving or reformatting a source file changes nothing.
 */
export function digestComponent(kind: ComponentKind, key: string, scope: BundleScope, entry: object): string {
  return sha256Hex(stringifyCanonical({ kind, key, scope, entry: omitFields(entry, UNHASHED_ENTRY_FIELDS) }));
}

/** bundleHash: everything semantic in the bundle; the forge version, the generated note and the signatures are not. */
export function computeBundleHash(bundle: object, cache: CanonicalCache | null = null): string {
  return sha256Hex(stringifyCanonical(omitFields(bundle, UNHASHED_BUNDLE_FIELDS), cache));
}
