// Codegen: schema/*.schema.json -> generated/ (TypeScript types, constants and ajv standalone validators), and the
// diagnostic catalog (compiler/diagnostics/catalog.ts) -> the code list of schema/diagnostic.schema.json and the
// DIAGNOSTIC_* constants. Run `npm run codegen`; test/generated-fresh.test.ts fails when either is stale.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { compile as compileTypes } from "json-schema-to-typescript";
import { codeBranch, DIAGNOSTIC_SCHEMA, loadCatalogCodes, renderDiagnosticSchema, writeDiagnosticSchema } from "./codegen-codes.mjs";
export { renderDiagnosticSchema };
import { byFile, dedupeDeclarations, dereference, RUNTIME_KEYWORD, runtimeView, stripAnnotations, withoutCombinators } from "./codegen-views.mjs";
import { renderLeanValidators } from "./codegen-lean.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SCHEMA_DIR = join(ROOT, "schema");
const BANNER = "// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json\n";

/** schema file -> exported validator name (or names -> JSON pointers of $defs); null for schemas that only hold shared definitions. */
const VALIDATORS = {
  "common.schema.json": null,
  "diagnostic.schema.json": "validateDiagnostic",
  "mode.schema.json": "validateModeSource",
  "preset.schema.json": "validatePresetSource",
  "rule.schema.json": "validateRuleSource",
  "bundle.schema.json": "validateBundle",
  "mode-state.schema.json": "validateModeState",
  "update-event.schema.json": "validateUpdateEvent",
  "trust-store.schema.json": "validateTrustStore",
  "delivery-details.schema.json": "validateDeliveryDetails",
  "tool-arguments.schema.json": "validateToolArguments",
  "build-cache-entry.schema.json": "validateBuildCacheEntry",
  "forge-config.schema.json": "validateForgeConfig",
  "policy.schema.json": "validatePolicySource",
  // The runtime checks a pi-modes entry's data by its customType: one small validator per shape.
  "pi-modes-state.schema.json": {
    validatePiModesSwitch: "#/$defs/modeSwitch",
    validatePiModesV1: "#/$defs/stateV1",
    validatePiModesSelection: "#/$defs/selection",
  },
  "preset-export.schema.json": "validatePresetExport",
  "source-request.schema.json": "validateSourceRequest",
  "test.schema.json": "validateTestSource",
  "test-report.schema.json": "validateTestReport",
  "cli-report.schema.json": "validateCliReport",
};
/** Output file -> validators in it. The runtime imports only runtime-validators.js, keeping its bundle small. */
const VALIDATOR_FILES = {
  // What every build validates sources with (phase 3): ajv, every error with its message, for diagnostics.
  "source-validators": {
    names: ["validateModeSource", "validatePresetSource", "validateRuleSource", "validateForgeConfig", "validatePolicySource"],
    allErrors: true,
  },
  // Files other commands read: preset export files, the extension's source requests, forge test's test files (a file
  // of their own, so a build never parses them).
  "transfer-validators": { names: ["validatePresetExport", "validateSourceRequest", "validateTestSource"], allErrors: true },
  "report-validators": { names: ["validateCliReport", "validateTestReport"], allErrors: true }, // --json reports: for tests only, no bundle carries it
  // The compiler's yes/no checks, lean (below): the build cache's entry (every build) and validateBundleStrict, the whole
  // bundle schema for bundles the compiler reads (forge libraries; the first error words the refusal, as ajv's would).
  "cache-validators": { names: ["validateBuildCacheEntry"], aliases: { validateBundleStrict: "validateBundle" }, lean: true },
  // The runtime only needs a yes/no and the first error: lean validators (scripts/codegen-lean.mjs, a quarter of ajv's
  // code for the same checks, the same first error), without message strings (core/error-text.ts words the first error
  // from its keyword and params). Its validateBundle skips the build-time fields (RUNTIME_KEYWORD).
  "runtime-validators": {
    lean: true,
    runtime: true,
    names: [
      "validateBundle",
      "validateModeState",
      "validateUpdateEvent",
      "validateTrustStore",
      "validateDeliveryDetails",
      "validateToolArguments",
      "validatePiModesSwitch",
      "validatePiModesV1",
      "validatePiModesSelection",
    ],
  },
};

function loadSchemas(codes) {
  return (
    readdirSync(SCHEMA_DIR)
      .filter((f) => f.endsWith(".schema.json"))
      .sort()
      .map((file) => ({ file, schema: JSON.parse(readFileSync(join(SCHEMA_DIR, file), "utf8")) }))
      // The code list is the catalog's, whether or not the schema file was rewritten yet.
      .map((s) => (s.file === DIAGNOSTIC_SCHEMA ? ((s.schema.$defs.codeSeverity.oneOf = codes.map(codeBranch)), s) : s))
  );
}

/** Returns { relativePath: content } for everything under generated/. Pure apart from reading schema/ and the catalog. */
export async function renderGenerated() {
  const schemas = loadSchemas(await loadCatalogCodes());
  const idByName = {};
  for (const { file, schema } of schemas) {
    if (!(file in VALIDATORS)) throw new Error(`codegen: no validator entry for schema/${file}; add it to VALIDATORS (null when it only holds definitions)`);
    const v = VALIDATORS[file];
    if (typeof v === "string") idByName[v] = schema.$id;
    else if (v) for (const [name, pointer] of Object.entries(v)) idByName[name] = schema.$id + pointer;
  }
  const out = {};
  for (const [base, { names, aliases = {}, allErrors, messages = true, lean = false, runtime = false }] of Object.entries(VALIDATOR_FILES)) {
    const declarations =
      BANNER +
      'import type { Validator } from "./validator.js";\n' +
      [...names, ...Object.keys(aliases)].map((n) => `export declare const ${n}: Validator;\n`).join("");
    if (lean) {
      const views = schemas.map(({ schema }) => (runtime ? runtimeView(stripAnnotations(schema)) : stripAnnotations(schema)));
      const exported = Object.fromEntries([...names.map((n) => [n, idByName[n]]), ...Object.entries(aliases).map(([alias, n]) => [alias, idByName[n]])]);
      out[`${base}.js`] = BANNER + "/* eslint-disable */\n" + renderLeanValidators(views, exported);
      out[`${base}.d.ts`] = declarations;
      continue;
    }
    // unicode:false measures maxLength in UTF-16 units, which avoids a require() of ajv's runtime in ESM output.
    const ajv = new Ajv2020({
      code: { source: true, esm: true },
      allErrors,
      messages,
      strict: true,
      strictRequired: false,
      unicode: false,
      logger: false,
      inlineRefs: false,
    });
    ajv.addKeyword(RUNTIME_KEYWORD);
    // The runtime never shows schema annotations, so its validators embed schemas without them (smaller bundle).
    for (const { schema } of schemas) ajv.addSchema(base === "runtime-validators" ? runtimeView(stripAnnotations(schema)) : schema);
    const exportsMap = Object.fromEntries([...names.map((n) => [n, idByName[n]]), ...Object.entries(aliases).map(([alias, n]) => [alias, idByName[n]])]);
    const js = standaloneCode(ajv, exportsMap);
    if (/\brequire\(/.test(js)) throw new Error(`codegen: ${base}.js would require() at runtime`);
    out[`${base}.js`] = BANNER + "/* eslint-disable */\n" + js;
    out[`${base}.d.ts`] = declarations;
  }
  out["validator.ts"] =
    BANNER +
    "export interface ValidationError { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }\n" +
    "export interface Validator { (data: unknown): boolean; errors?: ValidationError[] | null }\n";

  let types = BANNER;
  const declared = new Map();
  for (const { file, schema } of schemas) {
    // A definitions-only schema gets its types through the schemas that reference it.
    if (VALIDATORS[file] === null) continue;
    // Cross-field rules (exactly one of prompt/promptFile; if op is apply then...) validate; as types they only blur
    // the interfaces into intersections, so the types are generated without them.
    const ts = await compileTypes(withoutCombinators(schema), schema.title, {
      bannerComment: "",
      additionalProperties: false,
      strictIndexSignatures: true,
      format: true,
      declareExternallyReferenced: true,
      cwd: SCHEMA_DIR,
      // Referenced schema files get the same types-only view as the root one.
      $refOptions: {
        resolve: {
          forge: {
            order: 1,
            canRead: /\.schema\.json$/,
            read: (ref) => JSON.stringify(withoutCombinators(byFile(schemas, ref.url.split(/[\\/]/).pop()))),
          },
        },
      },
    });
    types += `\n/* from schema/${file} */\n` + dedupeDeclarations(ts.trim(), declared, file) + "\n";
  }
  out["types.ts"] = types;
  out["constants.ts"] = renderConstants(schemas);
  return out;
}

/** The constants every part of forge reads from the schemas instead of writing them by hand. */
function renderConstants(schemas) {
  const defs = byFile(schemas, "common.schema.json").$defs;
  const need = (cond, what) => {
    if (!cond) throw new Error(`codegen: schema/common.schema.json: ${what}`);
  };
  need(defs.key?.pattern && defs.key.maxLength, "$defs.key needs pattern and maxLength");
  const limits = {};
  for (const [name, def] of Object.entries(defs.limits?.properties ?? {})) {
    need(typeof def.const === "number", `$defs.limits.${name} needs a numeric const`);
    limits[name] = def.const;
  }
  limits.maxPromptChars = defs.promptText.maxLength;
  limits.maxKeyLength = defs.key.maxLength;
  limits.maxListItems = defs.keyList.maxItems;
  const severities = byFile(schemas, "diagnostic.schema.json").$defs.codeSeverity.oneOf.map((b) => [b.properties.code.const, b.properties.severity.const]);
  const codes = severities.map(([code]) => code);
  if (new Set(codes).size !== codes.length) throw new Error("codegen: schema/diagnostic.schema.json lists a code twice");
  const tool = dereference(byFile(schemas, "tool-arguments.schema.json"), schemas);
  const list = (values) => `[${values.map((v) => JSON.stringify(v)).join(", ")}] as const`;
  const lines = [
    BANNER,
    "/** A key: mode, preset, partial, block or update id (schema/common.schema.json#/$defs/key). */",
    `export const KEY_PATTERN = /${defs.key.pattern}/;`,
    `export const DIGEST_PATTERN = /${defs.digest.pattern}/;`,
    `export const TOOL_NAME_PATTERN = /${defs.toolName.pattern}/;`,
    `export const SCOPES = ${list(defs.scope.enum)};`,
    `export const SLOT_NAMES = ${list(defs.slotName.enum)};`,
    `export const STRATEGIES = ${list(defs.strategy.enum)};`,
    `export const THINKING_LEVELS = ${list(defs.thinking.enum)};`,
    `export const DRIFT_POLICIES = ${list(defs.driftPolicy.enum)};`,
    "",
    "/** Documented bounds (schema/common.schema.json: $defs.limits plus key, keyList and promptText). */",
    `export const LIMITS = ${JSON.stringify(limits, null, 2).replace(/"(\w+)":/g, "$1:")} as const;`,
    "",
    "/** Every stable diagnostic code with its severity (compiler/diagnostics/catalog.ts, via schema/diagnostic.schema.json). */",
    `export const DIAGNOSTIC_CODES = ${list(codes)};`,
    "export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];",
    `export const DIAGNOSTIC_SEVERITY: { readonly [C in DiagnosticCode]: "error" | "warning" | "info" } = {\n${severities.map(([c, v]) => `  ${c}: ${JSON.stringify(v)},`).join("\n")}\n};`,
    "",
    "/** The forge_system_update tool's parameter schema as Pi hands it to the model (refs inlined, no $id). */",
    `export const TOOL_PARAMETERS = ${JSON.stringify(tool, null, 2)} as const;`,
    "",
  ];
  return lines.join("\n");
}

async function main() {
  const out = join(ROOT, "generated");
  mkdirSync(out, { recursive: true });
  await writeDiagnosticSchema();
  const files = await renderGenerated();
  for (const [name, content] of Object.entries(files)) {
    const target = join(out, name);
    let old = null;
    try {
      old = readFileSync(target, "utf8");
    } catch {}
    if (old === content) continue;
    writeFileSync(target + ".tmp", content);
    renameSync(target + ".tmp", target);
    console.log(`codegen: wrote generated/${name}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
