// Phase 3's helper: one ajv error of a source's schema as a coded, positioned diagnostic in forge's words (what was
// expected, an example, the nearest field name for a typo).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { ValidationError } from "../../generated/validator.js";
import { invalidValue, missingField, tooLong, tooShort, unknownField, wrongType } from "../diagnostics/codes.js";
import type { ParsedSource } from "./2-parse.js";
import { ALLOWED_FIELDS, exampleFor } from "./field-examples.js";
import { suggestClosest } from "../../core/suggest.js";
import { pointerSegments, whereAt } from "./yaml-positions.js";

export const LIST_FIELDS = ["requires", "conflictsWith", "before", "after", "tools", "libraries"] as const;

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "..." : value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** What a pattern-checked field of a test file expects, in words. */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  cwd: "an absolute path, e.g. /repo",
  date: "YYYY-MM-DD or YYYY-MM-DDTHH:MM, e.g. 2026-01-15T09:30",
  os: "a platform name such as linux or darwin",
  exactly: "a tool or section name (letters, digits, _ and -)",
  includes: "a tool or section name (letters, digits, _ and -)",
  excludes: "a tool or section name (letters, digits, _ and -)",
  sections: "a section name (letters, digits, _ and -)",
};

const TYPE_WORDS: Record<string, string> = {
  object: "a mapping",
  array: "a list",
  string: "a string",
  boolean: "true or false",
  number: "a number",
  integer: "an integer",
};

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let v = root;
  for (const s of segments) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[s] : undefined;
  return v;
}

/** The field a path is about: the last non-index segment ("/overlays/2" -> overlays). */
function fieldOf(segments: readonly string[]): string {
  for (let i = segments.length - 1; i >= 0; i--) if (!/^\d+$/.test(segments[i]!)) return segments[i]!;
  return "";
}

/** The fields of the object at `segments` in a test file: the file, a test, or one of a test's mappings. */
function testFieldsAt(segments: readonly string[]): readonly string[] {
  const [, , field, sub] = segments;
  if (segments.length <= 1) return ALLOWED_FIELDS.testFile;
  if (segments.length === 2) return ALLOWED_FIELDS.test;
  if (field === "inputs") return ALLOWED_FIELDS.testInputs;
  if (field === "expect") return ALLOWED_FIELDS.testExpect;
  if (field !== "assert") return ALLOWED_FIELDS.test;
  if (sub === "tokens") return ALLOWED_FIELDS.testTokens;
  if (sub === "edits") return ALLOWED_FIELDS.testEdits;
  if (sub === "rules") return ALLOWED_FIELDS.testRules;
  if (sub === "tools" || sub === "sections") return ALLOWED_FIELDS.testNameSet;
  return ALLOWED_FIELDS.testAssert;
}

export function allowedFor(kind: ParsedSource["kind"], segments: readonly string[]): readonly string[] {
  if (kind === "test") return testFieldsAt(segments);
  const last = segments[segments.length - 1];
  if (last === "when") return ALLOWED_FIELDS.when;
  if (last === "budget") return ALLOWED_FIELDS.budget;
  if (kind === "mode" && last === "edits") return ALLOWED_FIELDS.edits;
  if (segments[0] === "mcpServers" && segments.length === 2) return ALLOWED_FIELDS.mcpServer;
  if (kind === "config" && (last === "policy" || last === "expectPolicy")) return ALLOWED_FIELDS.policyRef;
  if (kind === "preset" && segments[0] === "systemUpdates" && segments.length === 2) return ALLOWED_FIELDS.update;
  return ALLOWED_FIELDS[kind as Exclude<ParsedSource["kind"], "test">];
}

export function mapAjvError(source: ParsedSource, err: ValidationError): Diagnostic | null {
  // A server entry's oneOf: a stdio server (command) or an HTTP one (url), never both or neither.
  if (err.keyword === "oneOf" && err.instancePath.startsWith("/mcpServers/")) {
    const segments = pointerSegments(err.instancePath);
    return invalidValue(
      whereAt(source, segments),
      `MCP server "${segments[1]}" needs exactly one of command (a stdio server, with args) or url (a streamable HTTP server)`,
      exampleFor("mcpServers"),
    );
  }
  // oneOf/not encode "exactly one of prompt/promptFile"; checkPromptChoice reports that with a dedicated code.
  // "if" only says its "then" failed: the failures inside "then" are reported themselves.
  if (err.schemaPath.includes("/oneOf") || err.keyword === "oneOf" || err.keyword === "not" || err.keyword === "if") return null;
  const segments = pointerSegments(err.instancePath);
  const field = fieldOf(segments);
  const where = whereAt(source, segments);
  const p = err.params;
  switch (err.keyword) {
    case "additionalProperties": {
      const extra = String(p.additionalProperty);
      const allowed = allowedFor(source.kind, segments).filter((f) => f !== "$schema");
      const suggestion = suggestClosest(extra, allowed);
      return unknownField(whereAt(source, [...segments, extra], "key"), extra, allowed, suggestion, exampleFor(suggestion ?? allowed[0]!));
    }
    case "required": {
      const missing = String(p.missingProperty);
      return missingField(where, missing, exampleFor(missing));
    }
    case "dependentRequired": {
      // extendsPrompt without extends: the missing field is the parent.
      const missing = String(p.missingProperty);
      return missingField(where, missing, exampleFor(missing));
    }
    case "type": {
      const expected = String(p.type)
        .split(",")
        .map((t) => TYPE_WORDS[t] ?? t)
        .join(" or ");
      const what = field ? `${field}: ` : "the document: ";
      return wrongType(where, `${what}${expected}`, typeName(valueAt(source.value, segments)), exampleFor(field || "label"));
    }
    case "enum": {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const actual = valueAt(source.value, segments);
      const suggestion = typeof actual === "string" ? suggestClosest(actual, allowed) : null;
      const hint = suggestion ? ` (did you mean "${suggestion}"?)` : "";
      return invalidValue(where, `${field} is ${typeName(actual)}${hint}; allowed values: ${allowed.join(", ")}`, exampleFor(field));
    }
    case "const":
      return invalidValue(where, `${field} must be ${JSON.stringify(p.allowedValue)}`, exampleFor(field));
    case "pattern": {
      const actual = typeName(valueAt(source.value, segments));
      const expected =
        segments[0] === "signedBy"
          ? "a key's full fingerprint: 64 lowercase hex digits, as forge key new prints it"
          : field === "model"
            ? "provider/model-id"
            : (PATTERN_WORDS[field] ?? null) !== null
              ? PATTERN_WORDS[field]!
              : field === "tools"
                ? "a tool name or pattern (letters, digits, _ and -; * and ? as wildcards)"
                : field === "mcp" || segments[0] === "mcpServers"
                  ? "an MCP server name (letters, digits, _ and -)"
                  : field === "libraries"
                    ? "an npm package name, e.g. @acme/forge-house"
                    : "a key: lowercase letters, digits and dashes, starting with a letter";
      const what = segments[0] === "signedBy" ? "signedBy entry" : field;
      return invalidValue(where, `${what} is ${actual}; expected ${expected} (pattern ${String(p.pattern)})`, exampleFor(what === field ? field : "signedBy"));
    }
    case "maxLength":
      return tooLong(where, field || "value", Number(p.limit), "characters");
    case "maxItems":
      return tooLong(where, field || "list", Number(p.limit), "items");
    case "minItems":
      return invalidValue(where, `${field || "list"} needs at least ${Number(p.limit)} item${Number(p.limit) === 1 ? "" : "s"}`, exampleFor(field));
    case "minLength":
      return tooShort(where, field || "value", Number(p.limit), exampleFor(field));
    case "minimum":
    case "maximum":
      return invalidValue(
        where,
        `${field} is ${typeName(valueAt(source.value, segments))}; expected ${err.keyword === "minimum" ? "at least" : "at most"} ${Number(p.limit)}`,
        exampleFor(field),
      );
    case "minProperties":
      return invalidValue(where, `${field || "value"} is empty; give at least one of ${allowedFor(source.kind, segments).join(", ")}`, exampleFor(field));
    default:
      return invalidValue(where, `${field || "value"} ${err.message ?? "is invalid"}`, exampleFor(field));
  }
}
