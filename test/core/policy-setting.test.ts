// The runtime reads forge.yaml's `policy` without a YAML parser: the property test holds its answer to the yaml library's
// (what forge build --global validates) on generated files. Where it cannot be sure it says so (the policy then fails
// closed); it never reads a policy other than the one yaml reads, and never reads none where yaml reads one.
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { parsePolicySetting } from "../../core/policy-setting.js";

const FP = "3f1c2a9be07d5c4e8a6b1d0f9e2c7a5b4d3c2b1a0f9e8d7c6b5a493827160514";
const FP2 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

const FRAGMENTS = [
  "trust: forge",
  'libraries: ["@acme/forge-house"]',
  "# policy: { file: x.json }",
  `policy: { package: "@acme/team-policy", signedBy: [${FP}] }`,
  `policy: {package: '@acme/team-policy', signedBy: ["${FP}", ${FP2}],}`,
  "policy: { file: team-policy.json }",
  "policy: { file: ./p.json } # the team's",
  `policy:\n  package: "@acme/team-policy"\n  signedBy: [${FP}]`,
  `policy:\n  file: policy.json\n  signedBy:\n    - ${FP}\n    - "${FP2}"`,
  `policy:\n  # which one\n  file: a.json\n  signedBy:\n  - ${FP}`,
  "policy:\n  file: a.json\n   signedBy: []",
  "policy:\n\tfile: a.json",
  "policy: { package: @acme/x, signedBy: [] }",
  `policy: { file: a.json, file: b.json }`,
  "policy: { file: a.json, extra: 1 }",
  "policy: [a.json]",
  "policy:",
  "policy: a.json",
  `policy: { file: "a\\u002ejson" }`,
  "expectPolicy: { file: x.json }",
  "x: { policy: { file: y.json } }",
  "  policy: { file: z.json }",
  "? policy\n: { file: q.json }",
  '"policy": { "file": "j.json" }',
  "'policy': { file: k.json }",
  `policy: { file: 123 }`,
  "policy: { file: null }",
  "policy: { file: true }",
  "notes: the policy of the team",
  "description: 'policy: { file: fake.json }'",
  "prompt: |\n  policy: { file: hidden.json }",
  "---",
  `{"policy": {"file": "from-json.json"}}`,
];

type Ref = { package?: string; file?: string; signedBy?: string[] };

/** What forge build --global would accept as the policy, read with the yaml library; "invalid": yaml reads something else. */
function yamlPolicy(text: string): { ok: true; ref: Ref | null | "invalid" } | { ok: false } {
  let value: unknown;
  try {
    value = parse(text, { uniqueKeys: true });
  } catch {
    return { ok: false };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: true, ref: null };
  const policy = (value as Record<string, unknown>).policy;
  if (policy === undefined) return { ok: true, ref: null };
  if (policy === null || typeof policy !== "object" || Array.isArray(policy)) return { ok: true, ref: "invalid" };
  const p = policy as Record<string, unknown>;
  if (Object.keys(p).some((k) => !["package", "file", "signedBy"].includes(k))) return { ok: true, ref: "invalid" };
  const str = (v: unknown) => v === undefined || typeof v === "string";
  if (!str(p.package) || !str(p.file)) return { ok: true, ref: "invalid" };
  if (p.signedBy !== undefined && (!Array.isArray(p.signedBy) || p.signedBy.some((f) => typeof f !== "string" || !/^[0-9a-f]{64}$/.test(f))))
    return { ok: true, ref: "invalid" };
  if ((p.package === undefined) === (p.file === undefined)) return { ok: true, ref: "invalid" };
  if (p.package !== undefined && (p.signedBy === undefined || (p.signedBy as string[]).length === 0)) return { ok: true, ref: "invalid" };
  if (Array.isArray(p.signedBy) && p.signedBy.length === 0) return { ok: true, ref: "invalid" };
  return { ok: true, ref: p as Ref };
}

describe("parsePolicySetting", () => {
  it("reads a package with its signers, a file, in a flow mapping or a block, and JSON; no policy key is none", () => {
    expect(parsePolicySetting("trust: forge\n")).toEqual({ kind: "none" });
    expect(parsePolicySetting(`policy: { package: "@acme/team-policy", signedBy: [${FP}] }\n`)).toEqual({
      kind: "ref",
      ref: { package: "@acme/team-policy", signedBy: [FP] },
    });
    expect(parsePolicySetting(`trust: host\npolicy:\n  package: '@acme/p'\n  signedBy:\n    - ${FP}\n`)).toEqual({
      kind: "ref",
      ref: { package: "@acme/p", signedBy: [FP] },
    });
    expect(parsePolicySetting("policy: { file: ../team-policy.json }  # ours\n")).toEqual({ kind: "ref", ref: { file: "../team-policy.json" } });
    expect(parsePolicySetting(`{"policy": {"file": "p.json", "signedBy": ["${FP}"]}}`)).toEqual({ kind: "ref", ref: { file: "p.json", signedBy: [FP] } });
  });

  it("is unsure (and says how to write it) about a package without signers, both package and file, a hidden key or another form", () => {
    for (const text of [
      "policy: { package: '@acme/p' }",
      `policy: { package: '@acme/p', file: x.json, signedBy: [${FP}] }`,
      "x: { policy: { file: y.json } }",
      "policy: a.json",
      "? policy\n: { file: q.json }",
      "policy: { file: x.json }\npolicy: { file: y.json }",
      "policy:\n\tfile: a.json",
    ]) {
      const setting = parsePolicySetting(text);
      expect(setting.kind, text).toBe("unsure");
      if (setting.kind === "unsure") expect(setting.problem, text).toMatch(/write it as `policy: \{ package/);
    }
  });

  it("property: agrees with the yaml library, or is unsure; never another policy, never none where yaml reads one", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 5 }), (parts) => {
        const text = parts.join("\n") + "\n";
        const theirs = yamlPolicy(text);
        const ours = parsePolicySetting(text);
        if (!theirs.ok) return true; // forge build refuses such a file; either answer is safe
        if (ours.kind === "unsure") return true; // fails closed
        if (theirs.ref === "invalid") return false; // yaml reads a setting forge build refuses: the reader must not guess
        if (theirs.ref === null) return ours.kind === "none";
        return ours.kind === "ref" && JSON.stringify(ours.ref) === JSON.stringify(theirs.ref);
      }),
      { numRuns: 3000 },
    );
  });
});
