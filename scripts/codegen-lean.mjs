// Codegen of lean validators: plain JavaScript checks for forge's runtime schemas, a fraction of the size of ajv's
// standalone code (the extension carries them). Each validator answers true or false and, like an ajv validator with
// allErrors off and no message strings, sets `.errors` to `[firstError]` ({instancePath, keyword, params}; schemaPath is
// left empty: nothing reads it, and it was most of the code).
// The keywords are checked in ajv's order, so the first error is ajv's; test/lean-validators.test.ts holds
// both equal (validity and first error) on every fixture and on random mutations. Only the keywords forge's schemas
// use are known; any other one stops codegen.

import { constBranches, constTableOneOf, GROUPS, IS, isRule, js, KNOWN, pointerToken, PRELUDE, UNTYPED } from "./codegen-lean-parts.mjs";

/**
 * Renders validators: `schemas` are the schema files (already in the view to validate against), `exportsMap` maps each
 * export name to a schema $id with an optional JSON pointer. Returns the module's source text.
 */
export function renderLeanValidators(schemas, exportsMap) {
  const byId = new Map(schemas.map((s) => [s.$id, s]));
  const functions = [];
  const named = new Map(); // node -> function name
  const patterns = new Map(); // pattern source -> const name

  const resolve = (ref, baseId) => {
    const [file, pointer = ""] = ref.split("#");
    const id = file === "" ? baseId : new URL(file, baseId).href;
    const root = byId.get(id);
    if (!root) throw new Error(`codegen-lean: $ref ${ref} from ${baseId}: no schema ${id}`);
    const node = pointer
      .split("/")
      .slice(1)
      .reduce((n, part) => n?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], root);
    if (node === undefined) throw new Error(`codegen-lean: $ref ${ref} from ${baseId}: nothing at #${pointer}`);
    return { node, baseId: id, schemaPath: `${file === "" ? "" : file}#${pointer}` };
  };

  const constants = new Map(); // source text -> const name
  /** A module-level constant for a list (`set`: a Set of it; `raw`: the text as given). */
  const constant = (value, kind = "list") => {
    const text = kind === "raw" ? value : kind === "set" ? `new Set(${js(value)})` : js(value);
    if (!constants.has(text)) constants.set(text, `c${constants.size}`);
    return constants.get(text);
  };

  const patternName = (source) => {
    if (!patterns.has(source)) patterns.set(source, `r${patterns.size}`);
    return patterns.get(source);
  };

  const alwaysValid = (node) => node === true || (typeof node === "object" && node !== null && Object.keys(node).every((key) => !isRule(key)));

  const bodies = new Map(); // function body -> the name of the first function with it

  /** The name of the function validating `node` (one per distinct body): `(d, p) => boolean`, the first error in E. */
  function fn(node, baseId, schemaPath) {
    if (named.has(node)) return named.get(node);
    // A node that is only a $ref is its target's function.
    if (typeof node === "object" && node !== null && Object.keys(node).every((key) => key === "$ref" || !isRule(key)) && node.$ref !== undefined) {
      const target = resolve(node.$ref, node.$id ?? baseId);
      const name = fn(target.node, target.baseId, target.schemaPath);
      named.set(node, name);
      return name;
    }
    const name = `v${named.size}`;
    named.set(node, name); // before the body: a recursive reference names this function
    const body = [];
    emit(node, baseId, schemaPath, body);
    const text = `${body.join("\n")}\n  return true;`;
    const same = bodies.get(text);
    if (same !== undefined && !text.includes(name)) {
      named.set(node, same);
      return same;
    }
    bodies.set(text, name);
    functions.push(`function ${name}(d, p) {\n${text}\n}`);
    return name;
  }

  /** Code that returns false (E set) when `d` fails `node`, else falls through. */
  function emit(node, baseId, sp, out) {
    if (node === true) return;
    if (node === false) {
      out.push(`  return f(p, "false schema", {});`);
      return;
    }
    for (const key of Object.keys(node)) if (!KNOWN.has(key) && !key.startsWith("x-")) throw new Error(`codegen-lean: ${sp}: keyword ${key} is not supported`);
    if (node.$id) baseId = node.$id;
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    const groupOf = (type) => (type === "integer" ? null : GROUPS[type] ? type : null);
    const hasRules = (type) => groupOf(type) !== null && GROUPS[type].some((kw) => node[kw] !== undefined);
    // ajv checks the type first unless it is one type whose own keywords follow; then its group says it (else branch).
    const typeFirst = types.length > 0 && !(types.length === 1 && hasRules(types[0]));
    const typeError = `return ft(p, ${js(node.type)});`;
    if (typeFirst) out.push(`  if (!(${types.map((t) => IS[t]("d")).join(" || ")})) ${typeError}`);
    for (const kw of UNTYPED) if (node[kw] !== undefined) keyword(kw, node, baseId, sp, out);
    for (const [type, keywords] of Object.entries(GROUPS)) {
      const present = keywords.filter((kw) => node[kw] !== undefined);
      const owns = types.length === 1 && types[0] === type && !typeFirst;
      if (present.length === 0 && !owns) continue;
      const inner = [];
      for (const kw of present) keyword(kw, node, baseId, sp, inner);
      out.push(`  if (${IS[type]("d")}) {\n${inner.map((l) => `  ${l}`).join("\n")}\n  }${owns ? ` else ${typeError}` : ""}`);
    }
  }

  /** A sub-schema check of `data` at instance path `path`: a call of its function. */
  const call = (sub, baseId, sp, data, path) => {
    if (alwaysValid(sub)) return "true";
    return `${fn(sub, baseId, sp)}(${data}, ${path})`;
  };

  function keyword(kw, node, baseId, sp, out) {
    const v = node[kw];
    const at = `${sp}/${kw}`;
    switch (kw) {
      case "$ref": {
        const target = resolve(v, baseId);
        out.push(`  if (!${call(target.node, target.baseId, target.schemaPath, "d", "p")}) return false;`);
        return;
      }
      case "const":
        out.push(`  if (!eq(d, ${js(v)})) return f(p, "const", { allowedValue: ${js(v)} });`);
        return;
      case "enum": {
        const test = v.every((x) => x === null || typeof x !== "object") ? v.map((x) => `d === ${js(x)}`).join(" || ") : `${js(v)}.some((x) => eq(d, x))`;
        out.push(`  if (!(${test})) return f(p, "enum", { allowedValues: ${js(v)} });`);
        return;
      }
      case "not":
        out.push(`  { const s = E; const r = ${call(v, baseId, at, "d", "p")}; E = s; if (r) return f(p, "not", {}); }`);
        return;
      case "allOf":
        v.forEach((sub, i) => out.push(`  if (!${call(sub, baseId, `${at}/${i}`, "d", "p")}) return false;`));
        return;
      case "anyOf": {
        // Each branch runs with E cleared; the first failing branch's first error is ajv's errors[0], else the keyword's.
        const lines = [`  { const s = E; let first = null; any: {`];
        v.forEach((sub, i) => lines.push(`    E = null; if (${call(sub, baseId, `${at}/${i}`, "d", "p")}) { E = s; break any; } first ??= E;`));
        lines.push(`    E = first ?? { instancePath: p, schemaPath: "", keyword: "anyOf", params: {} }; return false; } }`);
        out.push(lines.join("\n"));
        return;
      }
      case "oneOf": {
        if (constBranches(v)) {
          out.push(constTableOneOf(v, constant));
          return;
        }
        // The branches run in order until a second one passes, as in ajv.
        const lines = [`  { const s = E; let first = null; let valid = false; let passing = null; let r; one: {`];
        v.forEach((sub, i) => {
          lines.push(`    E = null; r = ${call(sub, baseId, `${at}/${i}`, "d", "p")}; if (!r) first ??= E;`);
          lines.push(
            i === 0
              ? `    if (r) { valid = true; passing = 0; }`
              : `    if (r && valid) { valid = false; passing = [passing, ${i}]; break one; } else if (r) { valid = true; passing = ${i}; }`,
          );
        });
        lines.push(`    }`);
        lines.push(
          `    if (!valid) { E = first ?? { instancePath: p, schemaPath: "", keyword: "oneOf", params: { passingSchemas: passing } }; return false; }`,
        );
        lines.push(`    E = s; }`);
        out.push(lines.join("\n"));
        return;
      }
      case "if": {
        if (node.then === undefined && node.else === undefined) return;
        const then = node.then === undefined ? "true" : call(node.then, baseId, `${sp}/then`, "d", "p");
        const otherwise = node.else === undefined ? "true" : call(node.else, baseId, `${sp}/else`, "d", "p");
        out.push(`  { const s = E; const c = ${call(v, baseId, at, "d", "p")}; E = s; if (c ? !${then} : !${otherwise}) return false; }`);
        return;
      }
      case "maximum":
      case "minimum": {
        const [op, cmp] = kw === "maximum" ? [">", "<="] : ["<", ">="];
        out.push(`  if (d ${op} ${v}) return f(p, ${js(kw)}, { comparison: ${js(cmp)}, limit: ${v} });`);
        return;
      }
      case "maxLength":
      case "maxItems":
        out.push(`  if (d.length > ${v}) return f(p, ${js(kw)}, { limit: ${v} });`);
        return;
      case "minLength":
      case "minItems":
        out.push(`  if (d.length < ${v}) return f(p, ${js(kw)}, { limit: ${v} });`);
        return;
      case "pattern":
        out.push(`  if (!${patternName(v)}.test(d)) return f(p, "pattern", { pattern: ${js(v)} });`);
        return;
      case "items":
        if (alwaysValid(v)) return;
        out.push(`  for (let i = 0; i < d.length; i++) if (!${call(v, baseId, at, "d[i]", "p + k(i)")}) return false;`);
        return;
      case "maxProperties":
        out.push(`  if (Object.keys(d).length > ${v}) return f(p, "maxProperties", { limit: ${v} });`);
        return;
      case "minProperties":
        out.push(`  if (Object.keys(d).length < ${v}) return f(p, "minProperties", { limit: ${v} });`);
        return;
      case "required":
        if (v.length === 1) out.push(`  if (d[${js(v[0])}] === undefined) return fr(p, ${js(v[0])});`);
        else if (v.length > 1) out.push(`  for (const n of ${constant(v)}) if (d[n] === undefined) return fr(p, n);`);
        return;
      case "propertyNames":
        if (alwaysValid(v)) return;
        out.push(`  for (const key in d) if (!${call(v, baseId, at, "key", "p")}) return false;`);
        return;
      case "additionalProperties": {
        if (v === true || alwaysValid(v)) return;
        const known = Object.keys(node.properties ?? {});
        const pats = Object.keys(node.patternProperties ?? {});
        const allowed = [
          ...(known.length > 3 ? [`${constant(known, "set")}.has(key)`] : known.map((n) => `key === ${js(n)}`)),
          ...pats.map((s) => `${patternName(s)}.test(key)`),
        ];
        const extra = allowed.length === 0 ? "true" : `!(${allowed.join(" || ")})`;
        const check = v === false ? `return fa(p, key);` : `{ if (!${call(v, baseId, at, "d[key]", "p + k(key)")}) return false; }`;
        out.push(`  for (const key in d) if (${extra}) ${check}`);
        return;
      }
      case "properties": {
        const checked = Object.entries(v).filter(([, sub]) => !alwaysValid(sub));
        const one = ([name, sub]) => [js(name), fn(sub, baseId, `${at}/${pointerToken(name)}`), js(`/${pointerToken(name)}`)];
        if (checked.length <= 2)
          for (const entry of checked) {
            const [name, check, path] = one(entry);
            out.push(`  if (d[${name}] !== undefined && !${check}(d[${name}], p + ${path})) return false;`);
          }
        else {
          const table = `[${checked.map((entry) => `[${one(entry).join(", ")}]`).join(", ")}]`;
          out.push(`  for (const [n, v, s] of ${constant(table, "raw")}) if (d[n] !== undefined && !v(d[n], p + s)) return false;`);
        }
        return;
      }
      case "patternProperties":
        for (const [source, sub] of Object.entries(v)) {
          if (alwaysValid(sub)) continue;
          out.push(
            `  for (const key in d) if (${patternName(source)}.test(key) && !${call(sub, baseId, `${at}/${pointerToken(source)}`, "d[key]", "p + k(key)")}) return false;`,
          );
        }
        return;
      case "dependentRequired":
        for (const [property, deps] of Object.entries(v)) {
          for (const dep of deps)
            out.push(
              `  if (d[${js(property)}] !== undefined && d[${js(dep)}] === undefined) return f(p, "dependentRequired", { property: ${js(property)}, missingProperty: ${js(dep)}, depsCount: ${deps.length}, deps: ${js(deps.join(", "))} });`,
            );
        }
        return;
    }
  }

  const exportLines = [];
  for (const [name, target] of Object.entries(exportsMap)) {
    const [id, pointer] = target.split("#");
    const { node, baseId, schemaPath } = resolve(pointer === undefined ? "#" : `#${pointer}`, id);
    exportLines.push(
      `export const ${name} = /* @__PURE__ */ w((d, p) => ${alwaysValid(node) ? "true" : `${fn(node, baseId, pointer === undefined ? "#" : schemaPath)}(d, p)`});`,
    );
  }
  const regexes = [...patterns].map(([source, n]) => `const ${n} = /* @__PURE__ */ new RegExp(${js(source)}, "u");`);
  // Each validator and expression is marked pure, so a bundle keeps only the validators it calls (and what they use).
  // Tables name functions, which are hoisted; they come after the functions only so a reader meets the checks first.
  const tables = [...constants].map(([text, n]) => `const ${n} = ${text};`);
  return `${PRELUDE}${regexes.join("\n")}\n${functions.join("\n")}\n${tables.join("\n")}\n${exportLines.join("\n")}\n`;
}
