// The fixed parts of the lean validators' codegen (scripts/codegen-lean.mjs): the keywords it knows in ajv's order, the
// type checks, the runtime every generated file starts with, and the table form of a oneOf over constant pairs.

export const KNOWN = new Set([
  ...["$schema", "$id", "$defs", "title", "description", "default", "examples", "$comment"],
  ...["$ref", "type", "const", "enum", "not", "anyOf", "oneOf", "allOf", "if", "then", "else"],
  ...["maximum", "minimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "items"],
  ...["maxProperties", "minProperties", "required", "propertyNames", "additionalProperties", "properties", "patternProperties", "dependentRequired"],
]);
/** ajv's keyword order: the keywords for any type first, then by the data's type (rules.ts and the vocabularies' order). */
export const UNTYPED = ["$ref", "const", "enum", "not", "anyOf", "oneOf", "allOf", "if"];
export const GROUPS = {
  number: ["maximum", "minimum"],
  string: ["maxLength", "minLength", "pattern"],
  array: ["maxItems", "minItems", "items"],
  object: ["maxProperties", "minProperties", "required", "propertyNames", "additionalProperties", "properties", "patternProperties", "dependentRequired"],
};
export const IS = {
  number: (d) => `typeof ${d} == "number"`,
  integer: (d) => `(typeof ${d} == "number" && !(${d} % 1) && !isNaN(${d}) && isFinite(${d}))`,
  string: (d) => `typeof ${d} == "string"`,
  boolean: (d) => `typeof ${d} == "boolean"`,
  null: (d) => `${d} === null`,
  array: (d) => `Array.isArray(${d})`,
  object: (d) => `isObject(${d})`,
};
export const js = (value) => JSON.stringify(value);
/** A JSON pointer token, as ajv writes an instancePath segment. */
export const pointerToken = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

/** The runtime of every generated file: the first error, a deep equality for const and enum, a wrapper per export. */
export const PRELUDE = `let E = null;
const f = (instancePath, keyword, params) => ((E = { instancePath, schemaPath: "", keyword, params }), false);
// The errors and the test most checks repeat, named once (each validator's code is most of the extension's share).
const ft = (instancePath, type) => f(instancePath, "type", { type });
const fr = (instancePath, missingProperty) => f(instancePath, "required", { missingProperty });
const fa = (instancePath, additionalProperty) => f(instancePath, "additionalProperties", { additionalProperty });
const isObject = (d) => d && typeof d == "object" && !Array.isArray(d);
const k = (key) => "/" + String(key).replace(/~/g, "~0").replace(/\\//g, "~1");
const eq = (a, b) => {
  if (a === b) return true;
  if (!a || !b || typeof a != "object" || typeof b != "object" || Array.isArray(a) !== Array.isArray(b)) return a !== a && b !== b;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const x of ka) if (!Object.prototype.hasOwnProperty.call(b, x) || !eq(a[x], b[x])) return false;
  return true;
};
const w = (v) => {
  const validate = (data) => {
    E = null;
    const ok = v(data, "");
    validate.errors = ok ? null : [E];
    return ok;
  };
  validate.errors = null;
  return validate;
};
`;

/** Whether a schema keyword checks anything (annotations and then/else, which `if` reads, do not on their own). */
export const isRule = (key) => !["$schema", "$id", "$defs", "title", "description", "default", "examples", "$comment", "then", "else"].includes(key);

/**
 * Whether every branch is `{type: "object", properties: {name: {const: value}, ...}}` over the same names (the code
 * and severity pairs of diagnostic.schema.json): one table and one loop instead of a function per branch.
 */
export function constBranches(branches) {
  const names = (b) => Object.keys(b.properties ?? {}).join(",");
  return (
    branches.length > 8 &&
    branches.every(
      (b) =>
        Object.keys(b).every((key) => key === "type" || key === "properties" || !isRule(key)) &&
        b.type === "object" &&
        names(b) === names(branches[0]) &&
        Object.values(b.properties).every((sub) => Object.keys(sub).every((key) => key === "const" || !isRule(key))),
    )
  );
}

/** The oneOf of constBranches: each branch as ajv runs it (the object's type, then each property's const in order). */
export function constTableOneOf(branches, constant) {
  const names = Object.keys(branches[0].properties);
  const table = constant(JSON.stringify(branches.map((b) => names.map((n) => b.properties[n].const))), "raw");
  return [
    `  { const s = E; let first = null; let valid = false; let passing = null; const o = d && typeof d == "object" && !Array.isArray(d);`,
    `    for (let i = 0; i < ${table}.length; i++) { const b = ${table}[i]; let r = o;`,
    `      if (!o) first ??= { instancePath: p, schemaPath: "", keyword: "type", params: { type: "object" } };`,
    `      else for (let j = 0; j < ${js(names)}.length; j++) { const n = ${js(names)}[j]; if (d[n] !== undefined && !eq(d[n], b[j])) { r = false; first ??= { instancePath: p + k(n), schemaPath: "", keyword: "const", params: { allowedValue: b[j] } }; break; } }`,
    `      if (r && valid) { valid = false; passing = [passing, i]; break; } else if (r) { valid = true; passing = i; } }`,
    `    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }`,
    `    E = s; }`,
  ].join("\n");
}
