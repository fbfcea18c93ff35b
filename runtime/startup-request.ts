// Startup selection requests: PI_MODES > PI_MODE > --mode/--preset flags, else the replayed branch. Pure over env and flags.
import { describeError } from "../core/error-text.js";
import type { SelectionRequest } from "../core/selection.js";

export type StartupSelection =
  /** An explicit startup request; `origin` names the variable or flag for messages. */
  | { kind: "request"; source: "env" | "flag"; origin: string; request: SelectionRequest }
  /** Nothing explicit: the active branch's replayed state applies. */
  | { kind: "replay" }
  /** A malformed request: the session falls back to the native prompt with this reason. */
  | { kind: "error"; error: string };

export interface StartupFlags {
  mode?: unknown;
  preset?: unknown;
}

function parseModesVariable(raw: string): StartupSelection {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return {
      kind: "error",
      error: `forge: PI_MODES is not valid JSON (${describeError(error)}); expected e.g. ["plan","review"] or {"preset":"name"}; using Pi's native prompt`,
    };
  }
  if (Array.isArray(value) && value.every((k) => typeof k === "string")) {
    return { kind: "request", source: "env", origin: "PI_MODES", request: { kind: "keys", keys: value as string[] } };
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const name = (value as { preset?: unknown }).preset;
    if (keys.length === 1 && typeof name === "string") {
      return { kind: "request", source: "env", origin: "PI_MODES", request: { kind: "preset", name } };
    }
  }
  return { kind: "error", error: `forge: PI_MODES must be a JSON array of mode keys or {"preset":"name"}, got ${raw.slice(0, 80)}; using Pi's native prompt` };
}

function splitKeys(text: string): string[] {
  return text
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** First match wins: PI_MODES, then PI_MODE, then the --mode / --preset flags, else replay. */
export function resolveStartupSelection(env: NodeJS.ProcessEnv, flags: StartupFlags): StartupSelection {
  const modes = env.PI_MODES;
  if (modes !== undefined && modes.trim() !== "") return parseModesVariable(modes);
  const mode = env.PI_MODE?.trim();
  if (mode) return { kind: "request", source: "env", origin: "PI_MODE", request: { kind: "keys", keys: [mode] } };
  const flagMode = typeof flags.mode === "string" ? flags.mode.trim() : "";
  const flagPreset = typeof flags.preset === "string" ? flags.preset.trim() : "";
  if (flagMode && flagPreset) return { kind: "error", error: "forge: use either --mode or --preset, not both; using Pi's native prompt" };
  if (flagMode) return { kind: "request", source: "flag", origin: "--mode", request: { kind: "keys", keys: splitKeys(flagMode) } };
  if (flagPreset) return { kind: "request", source: "flag", origin: "--preset", request: { kind: "preset", name: flagPreset } };
  return { kind: "replay" };
}
