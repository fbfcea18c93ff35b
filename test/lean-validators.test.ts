// The lean validators (scripts/codegen-lean.mjs: generated/runtime-validators.js, generated/cache-validators.js) answer
// as ajv does for the same schemas with allErrors off: the same yes or no, and the same first error (instancePath,
// keyword, params), on every fixture forge has and on random mutations of them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import * as cache from "../generated/cache-validators.js";
import * as runtime from "../generated/runtime-validators.js";
import type { Validator } from "../generated/validator.js";
import { RUNTIME_KEYWORD, runtimeView, stripAnnotations } from "../scripts/codegen-views.mjs";
import { emptyTrustStore, withTrust } from "../io/trust-store.js";

const REPO = join(import.meta.dirname, "..");
const SCHEMA_DIR = join(REPO, "schema");
const schemas = readdirSync(SCHEMA_DIR)
  .filter((f) => f.endsWith(".schema.json"))
  .map((f) => JSON.parse(readFileSync(join(SCHEMA_DIR, f), "utf8")) as { $id: string });
const ID = (file: string, pointer = "") => `https://forge.local/schema/${file}.schema.json${pointer}`;

/** ajv as codegen used it for these validators, with allErrors off (the lean validators stop at the first error too). */
function ajvFor(view: (schema: object) => object) {
  const ajv = new Ajv2020({ allErrors: false, messages: false, strict: true, strictRequired: false, unicode: false, logger: false, inlineRefs: false });
  ajv.addKeyword(RUNTIME_KEYWORD);
  for (const schema of schemas) ajv.addSchema(view(schema));
  return (id: string) => ajv.getSchema(id)!;
}
const runtimeAjv = ajvFor((s) => runtimeView(stripAnnotations(s)));
const fullAjv = ajvFor((s) => stripAnnotations(s));

const PAIRS: Array<[string, Validator, ReturnType<typeof runtimeAjv>]> = [
  ["validateBundle", runtime.validateBundle, runtimeAjv(ID("bundle"))],
  ["validateModeState", runtime.validateModeState, runtimeAjv(ID("mode-state"))],
  ["validateUpdateEvent", runtime.validateUpdateEvent, runtimeAjv(ID("update-event"))],
  ["validateTrustStore", runtime.validateTrustStore, runtimeAjv(ID("trust-store"))],
  ["validateDeliveryDetails", runtime.validateDeliveryDetails, runtimeAjv(ID("delivery-details"))],
  ["validateToolArguments", runtime.validateToolArguments, runtimeAjv(ID("tool-arguments"))],
  ["validatePiModesSwitch", runtime.validatePiModesSwitch, runtimeAjv(ID("pi-modes-state", "#/$defs/modeSwitch"))],
  ["validatePiModesV1", runtime.validatePiModesV1, runtimeAjv(ID("pi-modes-state", "#/$defs/stateV1"))],
  ["validatePiModesSelection", runtime.validatePiModesSelection, runtimeAjv(ID("pi-modes-state", "#/$defs/selection"))],
  ["validateBuildCacheEntry", cache.validateBuildCacheEntry, fullAjv(ID("build-cache-entry"))],
  ["validateBundleStrict", cache.validateBundleStrict, fullAjv(ID("bundle"))],
];

function jsonFiles(dir: string, name: RegExp): unknown[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && name.test(e.name))
    .map((e) => JSON.parse(readFileSync(join(e.parentPath, e.name), "utf8")) as unknown);
}

/** Every document forge's fixtures hold that one of these validators reads, valid or not. */
function samples(): unknown[] {
  const bundles = [
    ...jsonFiles(join(REPO, "test", "fixtures"), /bundle\.json$/),
    ...jsonFiles(join(REPO, "presets"), /^bundle\.json$/),
    ...jsonFiles(join(REPO, "examples"), /bundle\.json$/),
  ];
  const entries = jsonFiles(join(REPO, "test", "fixtures", "replay"), /^branch\.json$/).flatMap((branch) =>
    (branch as Array<{ data?: unknown }>).filter((e) => e.data !== undefined).map((e) => e.data),
  );
  const diagnostics = jsonFiles(join(REPO, "test", "fixtures"), /^diagnostics\.json$/).flat() as object[];
  const digest = "ab".repeat(32);
  const cacheEntries = [0, 3, 20].map((n) => ({
    v: 1,
    inputHash: digest,
    outputHash: digest,
    bundleHash: digest,
    counts: { modes: 2, presets: 1 },
    diagnostics: diagnostics.slice(n, n + 4),
  }));
  const trust = withTrust(emptyTrustStore(), "/p", bundles.find((b) => (b as { scope?: string }).scope === "project") as never, new Date(0));
  const tools = [
    { action: "activate", id: "security-pass" },
    { action: "deactivate", id: "x" },
  ];
  const delivery = [{ v: 1, changes: [{ updateId: "update-1", op: "apply", digest }] }];
  return [...bundles, ...entries, ...cacheEntries, trust, ...tools, ...delivery, ...diagnostics.slice(0, 20)];
}

/** Both answers for one document: the validity and the first error as the runtime reads it. */
function answers(lean: Validator, ajv: ReturnType<typeof runtimeAjv>, data: unknown) {
  const view = (ok: boolean, errors: Validator["errors"]) => {
    const first = ok ? null : errors?.[0];
    return { ok, first: first ? { instancePath: first.instancePath, keyword: first.keyword, params: first.params } : null };
  };
  return { lean: view(lean(data), lean.errors), ajv: view(ajv(data) as boolean, ajv.errors as Validator["errors"]) };
}

const all = samples();

describe("lean validators answer as ajv does", () => {
  test("on every fixture document, for every validator", () => {
    expect(all.length).toBeGreaterThan(40);
    let valid = 0;
    for (const data of all)
      for (const [name, lean, ajv] of PAIRS) {
        const { lean: l, ajv: a } = answers(lean, ajv, data);
        expect(l, name).toEqual(a);
        valid += l.ok ? 1 : 0;
      }
    expect(valid).toBeGreaterThan(15); // the fixtures are not all refused
  });

  /** Every path into a JSON value: the root, each key, each index. */
  const pathsOf = (value: unknown, at: Array<string | number> = []): Array<Array<string | number>> => {
    const out = [at];
    if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...at, i])));
    else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]));
    return out;
  };
  const edit = (value: unknown, path: Array<string | number>, change: (old: unknown, parent: unknown, key: string | number) => unknown): unknown => {
    if (path.length === 0) return change(value, undefined, "");
    const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
    const [key, ...rest] = path;
    if (rest.length === 0) {
      const next = change(copy[key!], copy, key!);
      if (next === DELETE) Array.isArray(copy) ? copy.splice(key as number, 1) : delete copy[key!];
      else copy[key!] = next;
      return copy;
    }
    copy[key!] = edit(copy[key!], rest, change);
    return copy;
  };
  const DELETE = Symbol("delete");
  const mutation = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }).map((v) => () => v),
    fc.constant(() => DELETE),
    fc.constantFrom("", "x", "Upper", "a".repeat(70), "-bad", "ok-key", "0".repeat(64), "__proto__").map((v) => () => v),
    fc.constantFrom(-1, 0, 1.5, 2 ** 40, true, null, [], {}).map((v) => () => v),
    fc.tuple(fc.constantFrom("extra", "label", "digest", "modes", "kind", "v", "op", "code"), fc.jsonValue({ maxDepth: 1 })).map(
      ([k, v]) =>
        (old: unknown) =>
          old !== null && typeof old === "object" && !Array.isArray(old) ? { ...old, [k]: v } : old,
    ),
  );

  test("on random mutations of them", () => {
    fc.assert(
      fc.property(fc.nat(all.length - 1), fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 3 }), (which, where, changes) => {
        let data = all[which];
        for (const [i, change] of changes.entries()) {
          const paths = pathsOf(data);
          data = edit(data, paths[(where + i * 7919) % paths.length]!, change);
        }
        for (const [name, lean, ajv] of PAIRS) {
          const { lean: l, ajv: a } = answers(lean, ajv, data);
          if (JSON.stringify(l) !== JSON.stringify(a)) throw new Error(`${name}: lean ${JSON.stringify(l)}, ajv ${JSON.stringify(a)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
