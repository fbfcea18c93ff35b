// Codegen's views of a schema: dereferenced for Pi's tool parameters, the runtime's validator view, without annotations
// or cross-field combinators for types, and the repeated declarations of shared definitions dropped.

/** One schema of the set by its file name (common.schema.json). */
export const byFile = (schemas, file) => {
  const found = schemas.find((s) => s.file === file);
  if (!found) throw new Error(`codegen: schema/${file} is missing`);
  return found.schema;
};

/** A schema with its cross-schema $refs inlined and the meta keywords removed (for Pi's tool parameters). */
export function dereference(schema, schemas) {
  const walk = (node) => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    let out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$schema" || k === "$id" || k === "title") continue;
      if (k === "$ref") {
        const [file, pointer] = v.split("#");
        const target = pointer
          .split("/")
          .slice(1)
          .reduce((n, p) => n[p], byFile(schemas, file));
        out = { ...walk(target), ...out };
        continue;
      }
      out[k] = walk(v);
    }
    return out;
  };
  return walk(schema);
}

/**
 * `"x-forge-runtime": "unchecked"` marks a bundle field the runtime never reads (the lock, extends, library markers):
 * it is covered by the digests and the bundleHash the runtime recomputes, so the runtime's validator accepts any JSON
 * there instead of carrying code for its shape. The compiler validates such fields in full (validateBundleStrict).
 */
export const RUNTIME_KEYWORD = "x-forge-runtime";

export function runtimeView(node) {
  if (Array.isArray(node)) return node.map(runtimeView);
  if (node === null || typeof node !== "object") return node;
  if (node[RUNTIME_KEYWORD] === "unchecked") return {};
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, runtimeView(v)]));
}

/** Drops description/title annotations (not keywords that validate) from a schema tree. */
export function stripAnnotations(node) {
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
 * The schema as types see it: without oneOf/not/if/then where they only add cross-field rules to an object with
 * properties, and without a description beside a $ref (which would make a numbered copy of the referenced type).
 */
export function withoutCombinators(node) {
  if (Array.isArray(node)) return node.map(withoutCombinators);
  if (node === null || typeof node !== "object") return node;
  const out = {};
  const crossField = node.properties !== undefined;
  for (const [k, v] of Object.entries(node)) {
    if (crossField && (k === "oneOf" || k === "allOf" || k === "not" || k === "if" || k === "then")) continue;
    if (k === "description" && node.$ref !== undefined) continue;
    if (k === RUNTIME_KEYWORD) continue; // a validator hint, not a type: keeps the referenced type's name
    out[k] =
      k === "properties" || k === "$defs" ? Object.fromEntries(Object.entries(v).map(([n, sub]) => [n, withoutCombinators(sub)])) : withoutCombinators(v);
  }
  return out;
}

/**
 * Schemas share small definitions (Key, Digest, KeyList). Keep the first declaration of each name and
 * drop identical repeats; a same-named but different declaration is a schema naming bug.
 */
export function dedupeDeclarations(ts, declared, file) {
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
        if (previous !== body)
          throw new Error(`codegen: schema/${file} redeclares type ${name} differently; give it a distinct title\n${previous}\n---\n${body}`);
        continue;
      }
      declared.set(name, body);
    }
    kept.push(chunk);
  }
  return kept.join("\n");
}
