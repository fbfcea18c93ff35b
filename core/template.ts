// Renders a precompiled template (text and slot segments) with the runtime variables. Pure.
import type { Segment } from "../generated/types.js";

/** Values of the slots; `mode` is filled per component by the caller. */
export interface PromptVars {
  cwd: string;
  /** YYYY-MM-DD, local time. */
  date: string;
  /** HH:MM, local time. */
  time: string;
  /** "provider/id", or "" when no model is selected. */
  model: string;
  os: string;
  /** The selected preset's name, or "". */
  preset: string;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function formatLocalDate(now: Date): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

export function formatLocalTime(now: Date): string {
  return `${pad2(now.getHours())}:${pad2(now.getMinutes())}`;
}

export function buildPromptVars(input: {
  cwd: string;
  now: Date;
  model?: { provider: string; id: string } | null;
  os: string;
  preset: string | null;
}): PromptVars {
  return {
    cwd: input.cwd,
    date: formatLocalDate(input.now),
    time: formatLocalTime(input.now),
    model: input.model ? `${input.model.provider}/${input.model.id}` : "",
    os: input.os,
    preset: input.preset ?? "",
  };
}

export function renderTemplate(segments: readonly Segment[], vars: PromptVars, modeKey: string): string {
  let out = "";
  for (const segment of segments) {
    if ("text" in segment) out += segment.text;
    else out += segment.slot === "mode" ? modeKey : vars[segment.slot];
  }
  return out;
}
