// The global forge.yaml's `trust`, read with the yaml library's full semantics (io/yaml-settings.ts): each YAML form
// of the security review reads as YAML reads it (an alias as a key, anchors, merge keys, escapes, explicit keys), a
// file with a duplicate key or any YAML error is refused with a problem naming it, and forge's own trust is then used.
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { trustSettingOf } from "../../core/trust-setting.js";
import { readYamlSettings } from "../../io/yaml-settings.js";

const FILE = "/agent/forge/forge.yaml";
const read = (text: string) => trustSettingOf(FILE, readYamlSettings(text));

describe("the trust setting", () => {
  it("reads the plain forms and defaults to host", () => {
    expect(read("")).toEqual({ mode: "host" });
    expect(read("# only a comment\n")).toEqual({ mode: "host" });
    expect(read('libraries: ["@acme/trust-modes"]\n')).toEqual({ mode: "host" });
    expect(read("trust: forge\n")).toEqual({ mode: "forge" });
    expect(read("\ufefftrust: 'host' # comment\r\n")).toEqual({ mode: "host" });
    expect(read('{"trust":"forge"}')).toEqual({ mode: "forge" });
  });

  // Each form the review tried: YAML reads trust: forge in all of them, and so does forge now.
  const FORMS: Array<[form: string, text: string]> = [
    ["an alias as the key (the review's finding)", "x: [&a trust]\n*a : forge\n"],
    ["an anchored value", "defaults: &strict forge\ntrust: *strict\n"],
    ["a merge key", "base: &base\n  trust: forge\nsettings: 1\n<<: *base\n"],
    ["an inline merge", "<<: {trust: forge}\n"],
    ["an escaped key", '"tr\\u0075st": forge\n'],
    ["an explicit key", "? trust\n: forge\n"],
    ["a flow mapping", "{trust: forge, libraries: []}\n"],
    ["a tagged string", "trust: !!str forge\n"],
    ["a block scalar", "trust: >-\n  forge\n"],
  ];
  it.each(FORMS)("reads %s as YAML does", (_form, text) => {
    expect(read(text)).toEqual({ mode: "forge" });
  });

  const REFUSED: Array<[form: string, text: string, problem: RegExp]> = [
    ["a duplicate key", "trust: host\ntrust: forge\n", /line 2, column 1: Map keys must be unique/],
    ["a duplicate key through an alias", "x: [&a trust]\ntrust: forge\n*a : host\n", /line 3, column 1: the key "trust" is set twice/],
    ["a YAML error", "trust: [forge\n", /line \d+, column \d+: /],
    ["two documents", "trust: host\n---\ntrust: forge\n", /Source contains multiple documents/],
    ["an unknown tag", "trust: !secret forge\n", /line 1, column 8: /],
    ["a value that is neither", "trust: maybe\n", /its trust is "maybe", not host or forge/],
    ["a list", "- trust: host\n", /not a mapping/],
    ["a billion laughs", `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [${"*a, ".repeat(9)}*a]\nc: &c [${"*b, ".repeat(9)}*b]\ntrust: host\n`, /alias/i],
  ];
  it.each(REFUSED)("refuses %s, naming the file and why, and requires forge's own trust", (_form, text, problem) => {
    const setting = read(text);
    expect(setting.mode).toBe("forge");
    expect(setting.problem).toMatch(problem);
    expect(setting.problem).toMatch(/^\/agent\/forge\/forge\.yaml: .*forge cannot read its trust setting; forge requires its own trust/);
  });

  it("property: agrees with the yaml library wherever it reads the file; never host where yaml reads anything else", () => {
    const fragments = [...FORMS.map(([, t]) => t.trimEnd()), "trust: host", "trust: forge", "libraries: []", "# trust: forge", "x: 1", "trust: [forge]"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 4 }), (parts) => {
        const text = `${parts.join("\n")}\n`;
        const ours = read(text);
        let theirs: unknown;
        try {
          theirs = parse(text, { uniqueKeys: true, merge: true });
        } catch {
          return ours.mode === "forge" && ours.problem !== undefined;
        }
        const trust = theirs !== null && typeof theirs === "object" ? (theirs as Record<string, unknown>).trust : undefined;
        if (trust === undefined || trust === "host") return ours.mode === "host" || ours.problem !== undefined;
        return ours.mode === "forge";
      }),
      { numRuns: 500 },
    );
  });
});
