// Walks schema/*.schema.json into sections of fields (path, type, required, default, description) for the reference
// pages: one section per object type that has a title, untitled objects inline as dotted paths.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { code, githubSlug } from "./markdown.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema documents are untyped here
export type Schema = any;

export interface Located {
  file: string;
  pointer: string;
  schema: Schema;
}

export interface FieldRow {
  /** Dotted path from the section's object: `edits.allow`, `systemUpdates[].id`, `<name>` for a map's values. */
  path: string;
  type: string;
  required: string;
  default?: string;
  description: string;
}

export interface ObjectSection {
  title: string;
  anchor: string;
  file: string;
  pointer: string;
  description: string;
  /** For a type that is not an object (a key, a glob, a union): its definition in words. */
  type?: string;
  rows: FieldRow[];
  /** Where the section was first reached from its file's root, as a dotted path (`edits`, `systemUpdates[]`). */
  reachedAt: { file: string; path: string };
}

export function loadSchemas(dir: string): Map<string, Schema> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".schema.json"))
    .sort();
  return new Map(files.map((f) => [f, JSON.parse(readFileSync(join(dir, f), "utf8"))]));
}

function pointerGet(root: Schema, pointer: string): Schema {
  let node = root;
  for (const part of pointer.split("/").slice(1)) node = node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  if (node === undefined) throw new Error(`no ${pointer}`);
  return node;
}

export function resolveRef(schemas: Map<string, Schema>, fromFile: string, ref: string): Located {
  const [filePart, pointer = ""] = ref.split("#");
  const file = filePart === "" ? fromFile : filePart!;
  const root = schemas.get(file);
  if (root === undefined) throw new Error(`${fromFile}: $ref ${ref} names no schema file`);
  return { file, pointer, schema: pointer === "" ? root : pointerGet(root, pointer) };
}

const isObjectLike = (s: Schema) => s !== null && typeof s === "object" && (s.properties !== undefined || s.type === "object");
const isSection = (s: Schema) => isObjectLike(s) && typeof s.title === "string";
/** A titled type worth its own entry: not an object, and more than a list of values (an enum is shown inline). */
const isNamedType = (s: Schema) => typeof s?.title === "string" && !isObjectLike(s) && s.enum === undefined && s.const === undefined;

/** Collects the sections of one schema file, following $refs into other files for the types it uses. */
export function describeSchemaFile(schemas: Map<string, Schema>, file: string, into = new Map<string, ObjectSection>()): ObjectSection[] {
  const sections = into;
  const queue: Array<{ at: Located; reachedAt: { file: string; path: string } }> = [];
  const key = (l: Located) => `${l.file}#${l.pointer}`;
  const titleOf = (l: Located) => (l.schema.title as string | undefined) ?? l.file.replace(/\.schema\.json$/, "");
  const enqueue = (at: Located, path: string) => {
    if (!sections.has(key(at)) && !queue.some((q) => key(q.at) === key(at))) queue.push({ at, reachedAt: { file, path } });
    return `[${titleOf(at)}](#${githubSlug(titleOf(at))})`;
  };

  /** A type in words; titled object types become links to their section. */
  function typeText(at: Located, path: string, depth = 0): string {
    const s = at.schema;
    if (depth > 12) return "…";
    if (s === true || s === undefined) return "any";
    if (s.$ref !== undefined) {
      const target = resolveRef(schemas, at.file, s.$ref);
      if (isSection(target.schema) || isNamedType(target.schema) || (target.pointer === "" && target.file !== at.file)) return enqueue(target, path);
      return typeText(target, path, depth + 1);
    }
    if (s.const !== undefined) return code(JSON.stringify(s.const));
    if (Array.isArray(s.enum)) return s.enum.map((v: unknown) => code(JSON.stringify(v))).join(" or ");
    const unionKey = s.oneOf !== undefined ? "oneOf" : "anyOf";
    const union = s[unionKey];
    if (Array.isArray(union) && s.type === undefined && s.properties === undefined)
      return union.map((u: Schema, i: number) => typeText({ ...at, pointer: `${at.pointer}/${unionKey}/${i}`, schema: u }, path, depth + 1)).join(" or ");
    if (Array.isArray(s.type)) return s.type.map((t: string) => typeText({ ...at, schema: { ...s, type: t } }, path, depth + 1)).join(" or ");
    switch (s.type) {
      case "string":
        return ["string", bounds(s.minLength, s.maxLength, "characters"), s.pattern ? `matching ${code(s.pattern)}` : ""].filter(Boolean).join(", ");
      case "integer":
      case "number":
        return [s.type, bounds(s.minimum, s.maximum, "")].filter(Boolean).join(", ");
      case "boolean":
      case "null":
        return s.type;
      case "array": {
        const items = s.items === undefined ? "any" : typeText({ ...at, pointer: `${at.pointer}/items`, schema: s.items }, `${path}[]`, depth + 1);
        return [`list of ${items}`, bounds(s.minItems, s.maxItems, "items")].filter(Boolean).join(", ");
      }
    }
    if (isSection(s)) return enqueue(at, path);
    if (s.properties !== undefined) return "object";
    if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
      const names = s.propertyNames ? typeText({ ...at, schema: { type: "string", ...s.propertyNames } }, path, depth + 1) : "string";
      const values = typeText({ ...at, pointer: `${at.pointer}/additionalProperties`, schema: s.additionalProperties }, `${path}.<name>`, depth + 1);
      return `map from ${names} to ${values}${bounds(undefined, s.maxProperties, "entries") ? `, ${bounds(undefined, s.maxProperties, "entries")}` : ""}`;
    }
    return s.type ?? "any";
  }

  /** The untitled object shapes a field holds (itself, its items, its union's branches), whose fields are rows too. */
  function innerObjects(at: Located, path: string): Array<{ at: Located; path: string }> {
    const s = at.schema;
    if (s === null || typeof s !== "object") return [];
    if (s.$ref !== undefined) {
      const target = resolveRef(schemas, at.file, s.$ref);
      return isSection(target.schema) || isNamedType(target.schema) || target.pointer === "" ? [] : innerObjects(target, path);
    }
    if (isSection(s) || isNamedType(s)) return [];
    if (s.properties !== undefined) return [{ at, path }];
    if (s.type === "array" && s.items !== undefined) return innerObjects({ ...at, pointer: `${at.pointer}/items`, schema: s.items }, `${path}[]`);
    const unionKey = s.oneOf !== undefined ? "oneOf" : "anyOf";
    const union = s[unionKey];
    if (Array.isArray(union))
      return union.flatMap((u: Schema, i: number) => innerObjects({ ...at, pointer: `${at.pointer}/${unionKey}/${i}`, schema: u }, path));
    if (s.additionalProperties && typeof s.additionalProperties === "object")
      return innerObjects({ ...at, pointer: `${at.pointer}/additionalProperties`, schema: s.additionalProperties }, `${path}.<name>`);
    return [];
  }

  /** `prefix` is the path inside the section; `base` the section's own path from its file's root (for examples). */
  function rowsOf(at: Located, prefix: string, rows: FieldRow[], base: string): void {
    const s = at.schema;
    const required = new Set<string>(s.required ?? []);
    const unless = s.if?.not?.required as string[] | undefined;
    const conditional = new Set<string>(s.then?.required ?? []);
    for (const [name, prop] of Object.entries<Schema>(s.properties ?? {})) {
      if (name === "$schema") continue;
      const path = `${prefix}${name}`;
      const here: Located = { ...at, pointer: `${at.pointer}/properties/${name}`, schema: prop };
      const target = prop.$ref !== undefined ? resolveRef(schemas, at.file, prop.$ref).schema : prop;
      const fallback = prop.default ?? target?.default;
      rows.push({
        path,
        type: typeText(here, joinPath(base, path)),
        required: required.has(name) ? "yes" : conditional.has(name) && unless ? `yes, unless ${unless.map(code).join(", ")}` : "no",
        ...(fallback !== undefined ? { default: code(JSON.stringify(fallback)) } : {}),
        description: prop.description ?? target?.description ?? "",
      });
      for (const inner of innerObjects(here, path)) rowsOf(inner.at, `${inner.path}.`, rows, base);
    }
  }

  enqueue({ file, pointer: "", schema: schemas.get(file) }, "");
  while (queue.length > 0) {
    const { at, reachedAt } = queue.shift()!;
    const title = titleOf(at);
    const s = at.schema;
    const section: ObjectSection = {
      title,
      anchor: githubSlug(title),
      file: at.file,
      pointer: at.pointer,
      description: s.description ?? "",
      rows: [],
      reachedAt,
    };
    sections.set(key(at), section);
    if (s.properties !== undefined) rowsOf(at, "", section.rows, reachedAt.path);
    else {
      // A named type that is not an object: its definition in words, and the fields of an object it may be.
      section.type = typeText({ ...at, schema: { ...s, title: undefined } }, reachedAt.path);
      for (const inner of innerObjects({ ...at, schema: { ...s, title: undefined } }, ""))
        rowsOf(inner.at, inner.path === "" ? "" : `${inner.path}.`, section.rows, reachedAt.path);
    }
  }
  return [...sections.values()];
}

/** `a.b` + `c` -> `a.b.c`; a path inside an element (`[]`) or a map value follows its parent. */
export function joinPath(base: string, path: string): string {
  return base === "" ? path : path === "" ? base : path.startsWith("[]") ? `${base}${path}` : `${base}.${path}`;
}

function bounds(min: number | undefined, max: number | undefined, unit: string): string {
  const u = unit === "" ? "" : ` ${unit}`;
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${u}` : `${min}-${max}${u}`;
  if (max !== undefined) return `at most ${max}${u}`;
  if (min !== undefined) return `at least ${min}${u}`;
  return "";
}
