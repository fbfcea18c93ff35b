// The `policy` setting of a forge.yaml (the user's global one, or an administrator's managed file), as the runtime reads it
// without a YAML parser: a top-level `policy:` with a flow mapping on its line, or a block of `package`, `file` and
// `signedBy` lines under it (or a JSON document). Anything about the policy it cannot read for certain is `unsure`,
// which fails closed (core/policy.ts). A property test holds it to the yaml library's reading.
import type { PolicyRef } from "../generated/types.js";

export type PolicySetting = { kind: "none" } | { kind: "ref"; ref: PolicyRef } | { kind: "unsure"; problem: string };

const TOP_LEVEL = /^(["']?)policy\1[ \t]*:(.*)$/;
/** `policy` where it may be a key elsewhere (indented, in a flow mapping, before a comment); a package name is not followed by these. */
const MAYBE_KEY = /(^|[^A-Za-z0-9_-])policy["']?[ \t]*(:|#|$)/;
/** What can spell a key without its letters on one line: an escape, or an explicit key (`? `). */
const HIDDEN_KEY = /\\|^[ \t]*\?([ \t]|$)/;
const FINGERPRINT = /^[0-9a-f]{64}$/;
const PACKAGE = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
/** YAML's core schema reads these plain scalars as something other than a string (null, booleans, numbers). */
const NOT_A_STRING =
  /^(~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
/** A plain scalar forge reads: no indicator first, no space, comma, bracket, brace, colon or `#`. */
const PLAIN = /^[A-Za-z0-9_./~-][A-Za-z0-9_./~+@-]*$/;

const unsure = (why: string): PolicySetting => ({
  kind: "unsure",
  problem: `${why}; write it as \`policy: { package: "<npm name>", signedBy: ["<fingerprint>"] }\` or \`policy: { file: "<bundle file>" }\` (or one key per line under policy:)`,
});

/** A scalar as written (quoted or plain), or null when forge cannot be sure what YAML reads. */
function scalar(raw: string): string | null {
  const v = raw.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return /["\\]/.test(v.slice(1, -1)) ? null : v.slice(1, -1);
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).includes("'") ? null : v.slice(1, -1);
  return PLAIN.test(v) && !NOT_A_STRING.test(v) ? v : null;
}

/** Splits flow content at top-level commas (quotes and one level of brackets respected); null when unbalanced. */
function splitFlow(body: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "[") depth++;
    else if (ch === "]") depth--;
    else if (ch === "{" || ch === "}") return null;
    else if (ch === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
    if (depth < 0 || depth > 1) return null;
  }
  if (quote !== null || depth !== 0) return null;
  parts.push(body.slice(start));
  // A trailing comma leaves an empty last part, as YAML allows; an empty part elsewhere is not a value.
  if (parts.length > 1 && parts[parts.length - 1]!.trim() === "") parts.pop();
  return parts.length === 1 && parts[0]!.trim() === "" ? [] : parts;
}

/** A flow sequence of scalars `[a, "b"]`, or null. */
function flowList(raw: string): string[] | null {
  const v = raw.trim();
  if (!v.startsWith("[") || !v.endsWith("]")) return null;
  const parts = splitFlow(v.slice(1, -1));
  if (parts === null) return null;
  const out: string[] = [];
  for (const p of parts) {
    const s = scalar(p);
    if (s === null) return null;
    out.push(s);
  }
  return out;
}

/** The value part of a line, without a trailing comment (a `#` after a space). */
function withoutComment(rest: string): string {
  let quote: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i]!;
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "#" && (i === 0 || rest[i - 1] === " " || rest[i - 1] === "\t")) return rest.slice(0, i).trim();
  }
  return rest.trim();
}

type Fields = Map<string, string | string[]>;

function setField(fields: Fields, key: string, value: string | string[]): string | null {
  if (!["package", "file", "signedBy"].includes(key)) return `forge.yaml's policy has the key ${JSON.stringify(key)}; it takes package, file and signedBy`;
  if (fields.has(key)) return `forge.yaml's policy sets ${key} twice`;
  fields.set(key, value);
  return null;
}

/** One `key: value` (flow context): the key plain or quoted, the value a scalar or a flow list. */
function flowPair(fields: Fields, part: string): string | null {
  const colon = /^\s*(["']?)([A-Za-z]+)\1\s*:(\s+|$)/.exec(part);
  if (colon === null) return "forge.yaml's policy is not a mapping forge can read without a YAML parser";
  const raw = part.slice(colon[0].length);
  const value = raw.trim().startsWith("[") ? flowList(raw) : scalar(raw);
  if (value === null) return `forge.yaml's policy.${colon[2]} is not a plain or simply quoted value`;
  return setField(fields, colon[2]!, value);
}

/** The block under a bare `policy:` line: `key: value` lines at one indent, `signedBy:` optionally followed by `- item` lines. */
function blockFields(lines: readonly string[], fields: Fields): string | null {
  let indent: string | null = null;
  let listKey: string | null = null;
  for (const line of lines) {
    const value = withoutComment(line);
    if (value === "") continue;
    const lead = /^[ \t]*/.exec(line)![0];
    if (lead.includes("\t")) return "forge.yaml's policy block is indented with a tab, which YAML does not allow";
    const item = /^-(\s+|$)(.*)$/.exec(value);
    if (indent !== null && item !== null && lead.length >= indent.length && listKey !== null) {
      const s = scalar(item[2]!);
      if (s === null) return `forge.yaml's policy.${listKey} has an item that is not a plain or simply quoted value`;
      (fields.get(listKey) as string[]).push(s);
      continue;
    }
    indent ??= lead;
    if (lead !== indent) return "forge.yaml's policy block is not indented evenly";
    const pair = /^(["']?)([A-Za-z]+)\1\s*:(\s+|$)(.*)$/.exec(value);
    if (pair === null) return "forge.yaml's policy block has a line that is not `key: value`";
    listKey = null;
    if (pair[4] === "") {
      const problem = setField(fields, pair[2]!, []);
      if (problem !== null) return problem;
      listKey = pair[2]!;
      continue;
    }
    const problem = flowPair(fields, `${pair[2]}: ${pair[4]}`);
    if (problem !== null) return problem;
  }
  return null;
}

/** The fields as a PolicyRef, checked as the schema checks them (exactly one of package and file; a package needs signedBy). */
function toRef(fields: Fields): PolicySetting {
  const pkg = fields.get("package");
  const file = fields.get("file");
  const signedBy = fields.get("signedBy");
  if (typeof pkg !== "string" && pkg !== undefined) return unsure("forge.yaml's policy.package is a list");
  if (typeof file !== "string" && file !== undefined) return unsure("forge.yaml's policy.file is a list");
  if (signedBy !== undefined && !Array.isArray(signedBy)) return unsure("forge.yaml's policy.signedBy is not a list of fingerprints");
  if ((pkg === undefined) === (file === undefined)) return unsure("forge.yaml's policy must name exactly one of package and file");
  if (pkg !== undefined && !PACKAGE.test(pkg)) return unsure(`forge.yaml's policy.package ${JSON.stringify(pkg)} is not an npm package name`);
  if (pkg !== undefined && (signedBy === undefined || signedBy.length === 0)) return unsure("forge.yaml's policy names a package without signedBy");
  if (signedBy !== undefined && (signedBy.length === 0 || signedBy.some((f) => !FINGERPRINT.test(f))))
    return unsure("forge.yaml's policy.signedBy must list full key fingerprints (64 lowercase hex digits)");
  const ref: PolicyRef = pkg !== undefined ? { package: pkg } : { file: file! };
  if (signedBy !== undefined) ref.signedBy = signedBy as PolicyRef["signedBy"];
  return { kind: "ref", ref };
}

function fromJson(value: unknown): PolicySetting {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return unsure("forge.yaml is not a mapping");
  const policy = (value as { policy?: unknown }).policy;
  if (policy === undefined) return { kind: "none" };
  if (policy === null || typeof policy !== "object" || Array.isArray(policy)) return unsure("forge.yaml's policy is not a mapping");
  const fields: Fields = new Map();
  for (const [k, v] of Object.entries(policy)) {
    const ok = typeof v === "string" || (Array.isArray(v) && v.every((x) => typeof x === "string"));
    const problem = ok ? setField(fields, k, v as string | string[]) : `forge.yaml's policy.${k} is not text`;
    if (problem !== null) return unsure(problem);
  }
  return toRef(fields);
}

/** Reads the setting from forge.yaml's text (no `policy` key: none). */
export function parsePolicySetting(text: string): PolicySetting {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim().startsWith("{")) {
    try {
      return fromJson(JSON.parse(body));
    } catch {
      // a YAML flow mapping: read below, line by line
    }
  }
  const lines = body.split(/\r?\n|\r/);
  const tops = lines.flatMap((line, i) => (TOP_LEVEL.test(line) ? [i] : []));
  if (tops.length > 1) return unsure("forge.yaml sets policy more than once");
  const at = tops[0];
  let end = at === undefined ? -1 : at + 1;
  if (at !== undefined) while (end < lines.length && (/^[ \t]/.test(lines[end]!) || lines[end]!.trim() === "" || /^#/.test(lines[end]!))) end++;
  // Every other line must not be able to name policy in a form this reader does not take.
  for (let i = 0; i < lines.length; i++) {
    if (at !== undefined && i >= at && i < end) continue;
    const line = lines[i]!;
    if (/^[ \t]*#/.test(line)) continue;
    if (MAYBE_KEY.test(line) || HIDDEN_KEY.test(line)) return unsure("forge.yaml may name policy in a form forge cannot read without a YAML parser");
  }
  if (at === undefined) return { kind: "none" };
  const block = lines.slice(at + 1, end);
  if (block.some((l) => HIDDEN_KEY.test(l))) return unsure("forge.yaml's policy holds an escape or an explicit key");
  const rest = withoutComment(TOP_LEVEL.exec(lines[at]!)![2]!);
  const fields: Fields = new Map();
  if (rest !== "") {
    if (!rest.startsWith("{") || !rest.endsWith("}")) return unsure("forge.yaml's policy is not a mapping");
    if (block.some((l) => withoutComment(l) !== "")) return unsure("forge.yaml's policy continues on the next line");
    const parts = splitFlow(rest.slice(1, -1));
    if (parts === null) return unsure("forge.yaml's policy is not a flow mapping forge can read without a YAML parser");
    for (const part of parts) {
      const problem = flowPair(fields, part);
      if (problem !== null) return unsure(problem);
    }
    return toRef(fields);
  }
  const problem = blockFields(block, fields);
  return problem !== null ? unsure(problem) : toRef(fields);
}
