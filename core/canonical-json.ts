// Canonical JSON, the basis of every digest: RFC 8785 (JCS) applied after NFC-normalizing every string and key.
// test/core/canonical-json.test.ts holds it to a JCS implementation (the `canonicalize` package) as its oracle.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Orders strings by UTF-16 code units: canonical JSON's key order, and every listing forge makes deterministic. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Texts already written, by object: a bundle's entries (modes.X, presets.X: two levels down) that an incremental
 * rebuild reuses unchanged are written once. Only for objects nothing changes after they are built; a WeakMap, so an
 * entry goes when its object does.
 */
export interface CanonicalCache {
  compact: WeakMap<object, string>;
  pretty: WeakMap<object, string>;
}

export function createCanonicalCache(): CanonicalCache {
  return { compact: new WeakMap(), pretty: new WeakMap() };
}

/** The depth whose objects a CanonicalCache keeps: a bundle's sections' entries. */
const CACHED_DEPTH = 2;

/**
 * Writes `value` with object members in code-unit order of their NFC keys (JCS 3.2.3), strings NFC-normalized and
 * escaped as JSON.stringify escapes them, numbers as ECMAScript prints them (JCS 3.2.2.3), undefined members left out.
 * The members are ordered here rather than by building a sorted object: an object lists integer-like keys ("0", "10")
 * first whatever their insertion order, so JSON.stringify of a sorted object is not JCS. `pad` null: compact;
 * otherwise each level is indented by it (JSON.stringify's layout with that indent). The text goes to `out` in parts,
 * joined once by the caller: a large bundle is copied once, not once per level.
 */
function write(value: unknown, pad: string | null, indent: string, depth: number, cache: WeakMap<object, string> | null, out: string[]): void {
  if (value === null) return void out.push("null");
  switch (typeof value) {
    case "string":
      return void out.push(JSON.stringify(value.normalize("NFC")));
    case "boolean":
      return void out.push(value ? "true" : "false");
    case "number":
      if (!Number.isFinite(value)) throw new TypeError("canonical JSON cannot hold a non-finite number");
      return void out.push(JSON.stringify(value));
    case "object": {
      if (cache !== null && depth === CACHED_DEPTH) {
        let text = cache.get(value);
        if (text === undefined) {
          const own: string[] = [];
          writeObject(value, pad, indent, depth, null, own);
          text = own.join("");
          cache.set(value, text);
        }
        return void out.push(text);
      }
      return writeObject(value, pad, indent, depth, cache, out);
    }
    default:
      throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  }
}

function writeObject(value: object, pad: string | null, indent: string, depth: number, cache: WeakMap<object, string> | null, out: string[]): void {
  const inner = pad === null ? "" : indent + pad;
  const open = pad === null ? "" : `\n${inner}`;
  const sep = pad === null ? "," : `,\n${inner}`;
  const close = pad === null ? "" : `\n${indent}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return void out.push("[]");
    out.push("[", open);
    value.forEach((item, i) => {
      if (i > 0) out.push(sep);
      write(item, pad, inner, depth + 1, cache, out);
    });
    return void out.push(close, "]");
  }
  // Two keys equal after NFC ("\u00c5" and "A\u030a") are one member: the later one wins, as in an object built from them.
  const byKey = new Map<string, unknown>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) byKey.set(k.normalize("NFC"), v);
  const members = [...byKey].sort(([a], [b]) => compareCodeUnits(a, b));
  if (members.length === 0) return void out.push("{}");
  const colon = pad === null ? ":" : ": ";
  out.push("{", open);
  members.forEach(([k, v], i) => {
    if (i > 0) out.push(sep);
    out.push(JSON.stringify(k), colon);
    write(v, pad, inner, depth + 1, cache, out);
  });
  out.push(close, "}");
}

/** Compact canonical form: the bytes that get hashed. */
export function stringifyCanonical(value: unknown, cache: CanonicalCache | null = null): string {
  const out: string[] = [];
  write(value, null, "", 0, cache?.compact ?? null, out);
  return out.join("");
}

/** Human-reviewable canonical form written to disk: the same order, 2-space indent, LF, trailing newline. */
export function stringifyCanonicalPretty(value: unknown, cache: CanonicalCache | null = null): string {
  const out: string[] = [];
  write(value, "  ", "", 0, cache?.pretty ?? null, out);
  out.push("\n");
  return out.join("");
}
