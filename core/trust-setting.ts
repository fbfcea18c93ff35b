// The `trust` setting of the global scope's forge.yaml, as the runtime reads it without a YAML parser: a top-level
// `trust: host` or `trust: forge` line (or a JSON document). Anything about trust it cannot read for certain fails
// closed to forge's own trust, the stricter answer, and says why. A property test holds it to the yaml library.

/** host: Pi 1.x's folder trust decides project bundles; forge: forge's own trust (hash or signer) must also hold. */
export type TrustMode = "host" | "forge";

export interface TrustSetting {
  mode: TrustMode;
  /** Why forge's own trust was chosen without the file saying so plainly (absent when it was read for certain). */
  problem?: string;
}

const TOP_LEVEL_TRUST = /^(["']?)trust\1[ \t]*:(.*)$/;
/**
 * `trust` where it may be a key anywhere else (a flow mapping, an indented or quoted key, a key whose colon or comment
 * follows): a package name such as @acme/trusted-modes is followed by neither. Implicit YAML keys fit on one line.
 */
const MAYBE_TRUST_KEY = /trust["']?[ \t]*(:|#|$)/;
/** What can spell a key without its letters on one line: an escape (\u0074rust), or an explicit multi-line key (`? `). */
const HIDDEN_KEY = /\\|^[ \t]*\?([ \t]|$)/;

function unquote(value: string): string | null {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return /^[A-Za-z]+$/.test(v) ? v : null;
}

/** The value part of a `trust:` line, without a trailing comment. */
function valueOf(rest: string): string | null {
  const hash = rest.search(/[ \t]#/);
  const raw = (hash >= 0 ? rest.slice(0, hash) : rest).trim();
  return raw === "" ? null : unquote(raw);
}

const unsure = (why: string): TrustSetting => ({
  mode: "forge",
  problem: `${why}; forge requires its own trust for project bundles until it can read it (write \`trust: forge\` or \`trust: host\` on a line of its own)`,
});

/** Reads the setting from the file's text (absent file: host). */
export function parseTrustSetting(text: string): TrustSetting {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trim();
  if (trimmed.startsWith("{")) {
    try {
      const value = JSON.parse(trimmed) as { trust?: unknown } | null;
      if (value === null || typeof value !== "object") return unsure("forge.yaml is not a mapping");
      if (value.trust === undefined) return { mode: "host" };
      return value.trust === "host" || value.trust === "forge"
        ? { mode: value.trust }
        : unsure(`forge.yaml's trust is ${JSON.stringify(value.trust)}, not host or forge`);
    } catch {
      // a YAML flow mapping: read below, line by line
    }
  }
  const found: string[] = [];
  let other = false;
  for (const line of body.split(/\r?\n|\r/)) {
    // A whole-line comment holds no key; any other line is read whole (a `#` may sit inside a quoted string).
    if (/^[ \t]*#/.test(line)) continue;
    const top = TOP_LEVEL_TRUST.exec(line);
    if (top !== null) found.push(top[2]!);
    else if (MAYBE_TRUST_KEY.test(line) || HIDDEN_KEY.test(line)) other = true;
  }
  if (other)
    return unsure("forge.yaml may name trust in a form forge cannot read without a YAML parser (another key, a flow mapping, an escape or an explicit key)");
  if (found.length === 0) return { mode: "host" };
  if (found.length > 1) return unsure("forge.yaml sets trust more than once");
  const value = valueOf(found[0]!);
  if (value === "host" || value === "forge") return { mode: value };
  return unsure(`forge.yaml's trust is ${value === null ? "not a plain word" : JSON.stringify(value)}, not host or forge`);
}
