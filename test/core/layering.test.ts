// The one layering rule (core/layering.ts): per key the deepest layer wins, for the runtime's and the studio's catalog,
// the path rules and the compiler's view of what lies beneath a layer's sources.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildLayeredCatalog, type CatalogSource } from "../../core/component-catalog.js";
import { layerByKey, layerComponents } from "../../core/layering.js";
import { collectRules } from "../../core/rule-catalog.js";
import { compile } from "../../compiler/compile.js";
import type { ForgeBundle, Mode } from "../../generated/types.js";
import { treeOf } from "../compiler/source-tree.js";

const mode = (label: string) => ({ label }) as unknown as Mode;

describe("layering", () => {
  test("per key, the deepest layer that defines it wins; an absent entry defines nothing; keys are plain map keys", () => {
    const layered = layerByKey([
      { origin: "builtin", entries: { plan: 1, review: 1, ["__proto__"]: 1 } },
      { origin: "outer", entries: { plan: 2, review: undefined } },
      { origin: "package", entries: { constructor: 3 } },
    ]);
    expect([...layered.values()]).toEqual([
      { key: "plan", value: 2, origin: "outer" },
      { key: "review", value: 1, origin: "builtin" },
      { key: "__proto__", value: 1, origin: "builtin" },
      { key: "constructor", value: 3, origin: "package" },
    ]);
  });

  test("equals a fold of the layers in order, for any layers", () => {
    const layer = fc.dictionary(fc.constantFrom("a", "b", "c", "d"), fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(layer, { maxLength: 5 }), (layers) => {
        const expected = new Map<string, number>();
        layers.forEach((entries) => Object.entries(entries).forEach(([k, v]) => v !== undefined && expected.set(k, v)));
        const got = layerByKey(layers.map((entries, i) => ({ origin: i, entries })));
        expect(new Map([...got].map(([k, { value }]) => [k, value]))).toEqual(expected);
      }),
    );
  });

  test("modes and presets each layer by their own keys", () => {
    const { modes, presets } = layerComponents([
      { origin: 0, modes: { a: mode("a0") }, presets: {} },
      { origin: 1, modes: { b: mode("b1") }, presets: {} },
    ]);
    expect([...modes.values()].map((m) => [m.key, m.origin])).toEqual([
      ["a", 0],
      ["b", 1],
    ]);
    expect(presets.size).toBe(0);
  });

  test("the catalog, the path rules and the compiler's layers beneath take their winners from it", () => {
    const build = (sources: Record<string, string>, scope: "builtin" | "project") => compile(treeOf(sources), { scope, forgeVersion: "0" }).bundle!;
    const rule = (text: string) => `name: R\ndescription: R.\nwhen:\n  paths: [docs/**]\ncontent: ${text}\n`;
    const shallow: ForgeBundle = build(
      { "modes/plan.yaml": "label: Shallow\ndescription: S.\nstrategy: append\nprompt: Shallow.\n", "rules/docs.yaml": rule("Shallow.") },
      "builtin",
    );
    const deep: ForgeBundle = build(
      { "modes/plan.yaml": "label: Deep\ndescription: D.\nstrategy: append\nprompt: Deep.\n", "rules/docs.yaml": rule("Deep.") },
      "project",
    );
    const sources: CatalogSource[] = [
      { scope: "builtin", layer: null, bundle: shallow, trusted: true, file: "" },
      { scope: "project", layer: "/repo", bundle: deep, trusted: true, file: "" },
    ];
    expect(buildLayeredCatalog(sources).modes.get("plan")?.mode.label).toBe("Deep");
    expect(collectRules(sources).map((r) => r.rule.content)).toEqual([[{ text: "Deep." }]]);
    // The compiler: a preset of a layer whose beneath holds both bundles pins the deeper mode's digest.
    const preset = compile(treeOf({ "presets/p.yaml": "description: P.\noverlays: [plan]\n" }), {
      scope: "project",
      forgeVersion: "0",
      layersBeneath: [
        { name: null, modes: shallow.modes, presets: {} },
        { name: "the layer ../.pi/forge", modes: deep.modes, presets: {} },
      ],
    }).bundle!.presets.p!;
    expect(preset.modeDigests).toEqual({ plan: deep.modes.plan!.digest });
  });
});
