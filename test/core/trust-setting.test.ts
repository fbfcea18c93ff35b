// The runtime reads the global forge.yaml's `trust` without a YAML parser: the property test holds its answer to the
// yaml library's (the compiler's parser) on generated files; where it cannot be sure it must choose forge, never host.
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { parseTrustSetting } from "../../core/trust-setting.js";

const FRAGMENTS = [
  'libraries: ["@acme/forge-house"]',
  'libraries:\n  - "@acme/trust-modes"\n  - "@acme/trusted"',
  "# trust: forge",
  "  # trust: forge is off for now",
  "trust: forge",
  "trust: host",
  "trust: 'forge'",
  'trust: "host"  # the default',
  "trust : forge",
  "'trust': forge",
  '"trust": host',
  "  trust: forge",
  "x: {trust: forge}",
  "x: {a: 1,\ntrust: forge}",
  '"tr\\u0075st": forge',
  "? trust\n: forge",
  "trust:",
  "trust: [forge]",
  "trust: Forge",
  "trust: &a forge",
  "trust: !!str forge",
  'signedBy:\n  "@acme/forge-house": []',
  "$schema: ../schema/forge-config.schema.json",
  "---",
  '{"trust": "forge"}',
  '{"trust": "host", "libraries": []}',
  'description: "a # trust: forge"',
  "prompt: |\n  trust: forge",
  "trustee: forge",
  "notes: the trust model",
  'x: "abc\ntrust: host\ndef"',
];

function yamlTrust(text: string): { ok: true; trust: unknown } | { ok: false } {
  try {
    const value = parse(text) as unknown;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: true, trust: undefined };
    return { ok: true, trust: (value as Record<string, unknown>).trust };
  } catch {
    return { ok: false };
  }
}

describe("parseTrustSetting", () => {
  it("reads the plain forms and defaults to host", () => {
    expect(parseTrustSetting("")).toEqual({ mode: "host" });
    expect(parseTrustSetting('libraries: ["@acme/trust-modes"]\n')).toEqual({ mode: "host" });
    expect(parseTrustSetting("trust: forge\n")).toEqual({ mode: "forge" });
    expect(parseTrustSetting("\ufefftrust: 'host' # comment\r\n")).toEqual({ mode: "host" });
    expect(parseTrustSetting('{"trust":"forge"}')).toEqual({ mode: "forge" });
  });

  it("fails closed to forge, saying why, where it cannot be sure", () => {
    for (const text of ["x: {trust: host}", '"tr\\u0075st": host', "trust: host\ntrust: host", "trust: maybe", "? trust\n: host"]) {
      const setting = parseTrustSetting(text);
      expect(setting.mode, text).toBe("forge");
      expect(setting.problem, text).toMatch(/forge requires its own trust/);
    }
  });

  it("property: agrees with the yaml library, or chooses forge and says why; never host where yaml reads anything else", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 5 }), (parts) => {
        const text = parts.join("\n") + "\n";
        const theirs = yamlTrust(text);
        const ours = parseTrustSetting(text);
        if (!theirs.ok) return true; // forge build refuses such a file; the runtime's answer is either mode
        const expected = theirs.trust === "forge" ? "forge" : theirs.trust === undefined || theirs.trust === "host" ? "host" : "invalid";
        if (ours.problem === undefined) return ours.mode === expected;
        return ours.mode === "forge";
      }),
      { numRuns: 2000 },
    );
  });
});
