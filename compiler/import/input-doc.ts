// Parses one import input (JSON is YAML) into its value plus a positioned document, so diagnostics point at lines.
import { LineCounter } from "yaml";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { importUnreadable } from "../diagnostics/import-codes.js";
import { LIMITS } from "../../generated/constants.js";
import { duplicateKeys, errorOffsets, parseWithinDepth, positionDoc, rangeAt, type PositionedDoc } from "../phases/yaml-positions.js";
import type { ImportInput } from "./types.js";

export interface ParsedInput {
  pd: PositionedDoc;
  value: unknown;
}

/** The whole input file, without a position (missing files, directories without inputs). */
export function wholeFile(file: string): Where {
  return { file, start: null, end: null, path: "" };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * One parser for JSON and YAML inputs: every JSON text the tools write is also YAML 1.2, and
 * Roo's .roomodes may be either. Duplicate keys are an error, as a JSON.parse-based tool would
 * silently keep the last one and the reader could not tell which definition was meant.
 */
export function parseInput(input: ImportInput, expected: string): { parsed: ParsedInput | null; diagnostics: Diagnostic[] } {
  const text = input.text.startsWith("\uFEFF") ? input.text.slice(1) : input.text;
  // uniqueKeys off: duplicates are found with one set per mapping (linear in a 1.8 MB input).
  const parsed = parseWithinDepth(text, LIMITS.maxYamlDepth, { uniqueKeys: false, prettyErrors: false });
  if ("deep" in parsed) {
    const lineCounter = new LineCounter();
    lineCounter.addNewLine(0);
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineCounter.addNewLine(i + 1);
    const where: Where = { file: input.path, ...rangeAt(lineCounter, parsed.deep, parsed.deep + 1), path: "" };
    return { parsed: null, diagnostics: [importUnreadable(where, `it nests more than ${LIMITS.maxYamlDepth} levels deep`, expected)] };
  }
  const { doc, lineCounter } = parsed;
  const first = doc.errors[0];
  if (first) {
    const [from, to] = errorOffsets(doc, first);
    const where: Where = { file: input.path, ...rangeAt(lineCounter, from, to), path: "" };
    return { parsed: null, diagnostics: [importUnreadable(where, `not valid JSON or YAML (${first.message.split("\n")[0]})`, expected)] };
  }
  const duplicate = duplicateKeys(doc)[0];
  if (duplicate) {
    const where: Where = { file: input.path, ...rangeAt(lineCounter, duplicate.range![0], duplicate.range![1]), path: "" };
    return {
      parsed: null,
      diagnostics: [importUnreadable(where, `not valid JSON or YAML (Map keys must be unique; "${String(duplicate.value)}" repeats)`, expected)],
    };
  }
  // toJS resolves aliases; one without its anchor (an unquoted *.ts in a YAML header) throws rather than erring.
  let value: unknown;
  try {
    value = doc.toJS() as unknown;
  } catch (err) {
    const where: Where = { file: input.path, ...rangeAt(lineCounter, 0, 0), path: "" };
    return {
      parsed: null,
      diagnostics: [importUnreadable(where, `not valid JSON or YAML (${(err instanceof Error ? err.message : String(err)).split("\n")[0]})`, expected)],
    };
  }
  return { parsed: { pd: positionDoc(input.path, doc, lineCounter), value }, diagnostics: [] };
}
