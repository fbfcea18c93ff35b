// Codegen: schema/*.schema.json -> generated/ (TypeScript types and ajv standalone validators).
// Run `npm run codegen`; test/generated-fresh.test.ts fails when generated/ is stale.
import { readFileSync, writeFileSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { compile as compileTypes } from "json-schema-to-typescript";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BANNER = "// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json\n";

/** schema file -> exported validator name */
const VALIDATORS = {
  "mode.schema.json": "validateModeSource",
  "preset.schema.json": "validatePresetSource",
  "bundle.schema.json": "validateBundle",
  "mode-state.schema.json": "validateModeState",
  "update-event.schema.json": "validateUpdateEvent",
};
/** Output file -> validators in it. The runtime imports only runtime-validators.js, keeping its bundle small. */
const VALIDATOR_FILES = {
  "source-validators": { names: ["validateModeSource", "validatePresetSource"], allErrors: true },
  // The runtime only needs a yes/no and the first error, so it skips allErrors and stays small.
  "runtime-validators": { names: ["validateBundle", "validateModeState", "validateUpdateEvent"], allErrors: false },
};

function loadSchemas() {
  const dir = join(ROOT, "schema");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".schema.json"))
    .sort()
    .map((file) => ({ file, schema: JSON.parse(readFileSync(join(dir, file), "utf8")) }));
}

/** Returns { relativePath: content } for everything under generated/. Pure apart from reading schema/. */
export async function renderGenerated() {
  const schemas = loadSchemas();
  const idByName = {};
  for (const { file, schema } of schemas) {
    const name = VALIDATORS[file];
    if (!name) throw new Error(`codegen: no validator name for schema/${file}; add it to VALIDATORS`);
    idByName[name] = schema.$id;
  }
  const out = {};
  for (const [base, { names, allErrors }] of Object.entries(VALIDATOR_FILES)) {
    // unicode:false measures maxLength in UTF-16 units, which avoids a require() of ajv's runtime in ESM output.
    const ajv = new Ajv2020({ code: { source: true, esm: true }, allErrors, strict: true, strictRequired: false, unicode: false, logger: false, inlineRefs: false });
    // The runtime never shows schema annotations, so its validators embed schemas without them (smaller bundle).
    for (const { schema } of schemas) ajv.addSchema(base === "runtime-validators" ? stripAnnotations(schema) : schema);
    const exportsMap = Object.fromEntries(names.map((n) => [n, idByName[n]]));
    const js = standaloneCode(ajv, exportsMap);
    if (/\brequire\(/.test(js)) throw new Error(`codegen: ${base}.js would require() at runtime`);
    out[`${base}.js`] = BANNER + "/* eslint-disable */\n" + js;
    out[`${base}.d.ts`] =
      BANNER +
      'import type { Validator } from "./validator.js";\n' +
      names.map((n) => `export declare const ${n}: Validator;\n`).join("");
  }
  out["validator.ts"] =
    BANNER +
    "export interface ValidationError { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }\n" +
    "export interface Validator { (data: unknown): boolean; errors?: ValidationError[] | null }\n";

  let types = BANNER;
  const declared = new Map();
  for (const { file, schema } of schemas) {
    const ts = await compileTypes(schema, schema.title, {
      bannerComment: "",
      additionalProperties: false,
      strictIndexSignatures: true,
      format: true,
      declareExternallyReferenced: true,
    });
    types += `\n/* from schema/${file} */\n` + dedupeDeclarations(ts.trim(), declared, file) + "\n";
  }
  out["types.ts"] = types;
  return out;
}

/** Drops description/title annotations (not keywords that validate) from a schema tree. */
function stripAnnotations(node) {
  if (Array.isArray(node)) return node.map(stripAnnotations);
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === "description" || k === "title") && typeof v === "string") continue;
    // "properties" maps field names to schemas: a field called "description" must survive.
    out[k] = k === "properties" || k === "$defs" ? Object.fromEntries(Object.entries(v).map(([n, sub]) => [n, stripAnnotations(sub)])) : stripAnnotations(v);
  }
  return out;
}

/**
 * Schemas share small definitions (Key, Digest, KeyList). Keep the first declaration of each name and
 * drop identical repeats; a same-named but different declaration is a schema naming bug.
 */
function dedupeDeclarations(ts, declared, file) {
  const chunks = ts.split(/\n(?=\/\*\*|export )/);
  const kept = [];
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (chunk.startsWith("/**") && !/\nexport /.test(chunk) && i + 1 < chunks.length && chunks[i + 1].startsWith("export ")) {
      // A doc comment belongs to the declaration after it.
      chunks[i + 1] = chunk + "\n" + chunks[i + 1];
      continue;
    }
    const name = /^(?:\/\*\*[\s\S]*?\*\/\n)?export (?:type|interface) (\w+)/.exec(chunk)?.[1];
    if (name) {
      const body = chunk.replace(/\/\*\*[\s\S]*?\*\/\n/g, "").trim();
      const previous = declared.get(name);
      if (previous !== undefined) {
        if (previous !== body) throw new Error(`codegen: schema/${file} redeclares type ${name} differently; give it a distinct title`);
        continue;
      }
      declared.set(name, body);
    }
    kept.push(chunk);
  }
  return kept.join("\n");
}

async function main() {
  const out = join(ROOT, "generated");
  mkdirSync(out, { recursive: true });
  const files = await renderGenerated();
  for (const [name, content] of Object.entries(files)) {
    const target = join(out, name);
    let old = null;
    try { old = readFileSync(target, "utf8"); } catch {}
    if (old === content) continue;
    writeFileSync(target + ".tmp", content);
    renameSync(target + ".tmp", target);
    console.log(`codegen: wrote generated/${name}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => { console.error(err); process.exit(1); });
}
