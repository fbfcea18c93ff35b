// Reads a portable preset file (schema/preset-export.schema.json) for forge preset import: strict JSON, every schema
// error listed, so a hand-edited or foreign file is refused with what was expected.
import { validatePresetExport } from "../../generated/transfer-validators.js";
import type { ForgePresetExport } from "../../generated/types.js";

const EXAMPLE =
  '{"format":"forge-preset-export","v":1,"name":"review-flow","description":"...","base":null,"overlays":["review"],"driftPolicy":"block","digests":{...},"forgeVersion":"0.1.0"}';

export function parsePresetExportText(text: string, shown: string): { ok: true; value: ForgePresetExport } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    return { ok: false, error: `${shown} is not JSON (${(err as Error).message}); expected a file written by forge preset export, e.g. ${EXAMPLE}` };
  }
  if (validatePresetExport(value)) return { ok: true, value: value as ForgePresetExport };
  const problems = (validatePresetExport.errors ?? []).slice(0, 5).map((e) => `${e.instancePath === "" ? "/" : e.instancePath} ${e.message ?? e.keyword}`);
  return { ok: false, error: `${shown} is not a forge preset export: ${problems.join("; ")}; expected e.g. ${EXAMPLE}` };
}
