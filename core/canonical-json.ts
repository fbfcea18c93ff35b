// Canonical JSON: sorted keys, NFC-normalized strings, no undefined; the basis of every digest.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Orders strings by UTF-16 code units: canonical JSON's key order, and every listing forge makes deterministic. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Returns a deep copy with object keys sorted and every string NFC-normalized. */
export function canonicalize(value: unknown): Json {
  if (value === null) return null;
  switch (typeof value) {
    case "string":
      return value.normalize("NFC");
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw new TypeError("canonical JSON cannot hold a non-finite number");
      return value;
    case "object": {
      if (Array.isArray(value)) return value.map((item) => canonicalize(item));
      const out: { [key: string]: Json } = {};
      // Keys are normalized too, then sorted by UTF-16 code units (JSON.stringify order is insertion order).
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k.normalize("NFC"), v] as const)
        .sort(([a], [b]) => compareCodeUnits(a, b));
      for (const [k, v] of entries) {
        // defineProperty so a key such as "__proto__" stays an own data property.
        Object.defineProperty(out, k, { value: canonicalize(v), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    default:
      throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  }
}

/** Compact canonical form: the bytes that get hashed. */
export function stringifyCanonical(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/** Human-reviewable canonical form written to disk: 2-space indent, LF, trailing newline. */
export function stringifyCanonicalPretty(value: unknown): string {
  return JSON.stringify(canonicalize(value), null, 2) + "\n";
}
