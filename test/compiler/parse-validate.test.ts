// Phases 2-3: keys, YAML strictness and ajv errors mapped to positioned, coded diagnostics.
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const MODE = "label: Plan\ndescription: Plan.\nstrategy: append\nprompt: Plan.\n";
const run = (files: Record<string, string>) => compile(treeOf(files), FIXED_OPTIONS);
const brief = (files: Record<string, string>) =>
  run(files).diagnostics.map((d) => `${d.file}:${d.start?.line}:${d.start?.column}-${d.end?.line}:${d.end?.column} ${d.code} ${d.path}`);

describe("keys and YAML", () => {
  test("reserved keys anywhere in a document are errors and never reach a prototype", () => {
    const result = run({
      "presets/p.yaml":
        "description: P.\nsystemUpdates:\n  - id: a\n    name: A\n    description: A.\n    content: A.\n    constructor: 1\n    __proto__: { polluted: true }\n",
    });
    expect(result.diagnostics.map((d) => `${d.start?.line} ${d.code}`)).toEqual(["7 reserved_key", "8 reserved_key"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("reserved keys spelled with escapes are caught too (YAML and JSON)", () => {
    const result = run({
      "modes/a.yaml": MODE + '"\\x5f_proto__": {}\n',
      "modes/b.json": '{"label": "B", "description": "B.", "strategy": "append", "prompt": "B.", "\\u0063onstructor": 1}',
    });
    expect(result.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(["modes/a.yaml reserved_key", "modes/b.json reserved_key"]);
  });

  test("folders named like Object.prototype members are not source folders", () => {
    const result = run({ "constructor/sneaky.yaml": "description: P.\n", "__proto__/x.yaml": "description: P.\n", "toString/y.yaml": MODE });
    expect(result.diagnostics).toEqual([]);
    expect(Object.keys(result.bundle!.presets)).toEqual([]);
    expect(Object.keys(result.bundle!.modes)).toEqual([]);
  });

  test("a key longer than 64 characters is invalid", () => {
    expect(brief({ [`modes/${"a".repeat(65)}.yaml`]: MODE })).toEqual([`modes/${"a".repeat(65)}.yaml:1:1-1:1 invalid_key `]);
  });

  test("multiple YAML documents in one file are a syntax error", () => {
    expect(run({ "modes/plan.yaml": MODE + "---\n" + MODE }).diagnostics.map((d) => d.code)).toEqual(["yaml_syntax_error"]);
  });

  test("aliases expand like plain values (and alias bombs are bounded by yaml's maxAliasCount)", () => {
    const result = run({ "modes/plan.yaml": "label: &l Plan\ndescription: *l\nstrategy: append\nprompt: *l\n" });
    expect(result.diagnostics).toEqual([]);
    expect(result.bundle!.modes.plan!.description).toBe("Plan");
  });

  test("JSON duplicate keys are caught with a position (JSON.parse alone would accept them)", () => {
    expect(brief({ "modes/plan.json": '{"label": "A", "label": "B", "description": "x", "strategy": "append", "prompt": "x"}' })).toEqual([
      "modes/plan.json:1:16-1:23 duplicate_key ",
    ]);
  });
});

describe("ajv errors map to YAML node ranges", () => {
  test("an unknown field points at the key, a wrong value at the value, inside nested lists", () => {
    expect(
      brief({
        "modes/plan.yaml": MODE + "requires:\n  - review\n  - Bad Key\n",
        "modes/review.yaml": MODE,
        "presets/p.yaml": "description: P.\nsystemUpdates:\n  - id: a\n    name: A\n    description: A.\n    content: A.\n    modelCalable: true\n",
      }),
    ).toEqual(["modes/plan.yaml:7:5-7:12 invalid_value /requires/1", "presets/p.yaml:7:5-7:17 unknown_field /systemUpdates/0/modelCalable"]);
  });

  test("a missing field points at the first line of the mapping that lacks it", () => {
    expect(brief({ "presets/p.yaml": "systemUpdates:\n  - id: a\n    name: A\n    content: A.\n" })).toEqual([
      "presets/p.yaml:1:1-1:15 missing_field ",
      "presets/p.yaml:2:5-2:10 missing_field /systemUpdates/0",
    ]);
  });

  test("all files are validated: errors in several files are all reported", () => {
    const codes = run({ "modes/a.yaml": "label: 1\n", "modes/b.yaml": "nope: 1\n", "presets/c.yaml": "description: 2\n" }).diagnostics.map(
      (d) => `${d.file} ${d.code}`,
    );
    expect(new Set(codes)).toEqual(
      new Set([
        "modes/a.yaml wrong_type",
        "modes/a.yaml missing_field",
        "modes/a.yaml prompt_missing",
        "modes/b.yaml unknown_field",
        "modes/b.yaml missing_field",
        "modes/b.yaml prompt_missing",
        "presets/c.yaml wrong_type",
      ]),
    );
  });

  test("enum errors list the allowed values and suggest the closest", () => {
    const [d] = run({ "modes/plan.yaml": MODE.replace("append", "apend") }).diagnostics;
    expect(d!.message).toContain('did you mean "append"?');
    expect(d!.message).toContain("append, replace_base, replace_final");
  });
});

describe("template positions", () => {
  test("inline, quoted, block-scalar and file templates map handlebars positions into the file", () => {
    const mode = (prompt: string) => `label: M\ndescription: M.\nstrategy: append\n${prompt}`;
    expect(
      brief({
        "modes/a.yaml": mode("prompt: x {{nope}}\n"),
        "modes/b.yaml": mode('prompt: "x {{nope}}"\n'),
        "modes/c.yaml": mode("prompt: |\n    first\n    x {{nope}}\n"),
        "modes/d.yaml": mode("promptFile: ../p/d.md\n"),
        "p/d.md": "line\n\tx {{nope}}\n",
      }),
    ).toEqual([
      "modes/a.yaml:4:11-4:19 unknown_variable ",
      "modes/b.yaml:4:12-4:20 unknown_variable ",
      "modes/c.yaml:6:7-6:15 unknown_variable ",
      "p/d.md:2:4-2:12 unknown_variable ",
    ]);
  });
});
