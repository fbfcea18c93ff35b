// Which template slots make a prompt cache-sensitive: how often each value changes, and where a component uses it.
import type { Segment, SlotName } from "../../generated/types.js";

export type { SlotName };

/** How often a slot's value changes; a change re-sends (and re-caches) the prompt from the slot on. */
export type Volatility = "per-request" | "daily" | "per-model" | "per-selection" | "per-project";

export const SLOT_VOLATILITY: Record<SlotName, Volatility> = {
  time: "per-request",
  date: "daily",
  model: "per-model",
  mode: "per-selection",
  preset: "per-selection",
  cwd: "per-project",
  os: "per-project",
};

/**
 * Slots whose value changes within a working session. per-selection slots change only together with
 * the selection, which rewrites forge's part of the prompt anyway, so they cost no extra cache misses.
 */
export function isCacheSensitive(slot: SlotName): boolean {
  const v = SLOT_VOLATILITY[slot];
  return v === "per-request" || v === "daily" || v === "per-model";
}

export interface SlotUse {
  slot: SlotName;
  volatility: Volatility;
  cacheSensitive: boolean;
  /** Character offset of the first use in the component's rendered text (sample values). */
  offset: number;
  count: number;
}

/**
 * The slots a template uses, in order of first use. `render` gives each slot's sample value so the
 * offsets match the rendered text the size figures are computed from.
 */
export function findSlotUses(segments: readonly Segment[], render: (slot: SlotName) => string): SlotUse[] {
  const uses = new Map<SlotName, SlotUse>();
  let offset = 0;
  for (const segment of segments) {
    if ("text" in segment) {
      offset += segment.text.length;
      continue;
    }
    const slot = segment.slot;
    const seen = uses.get(slot);
    if (seen) seen.count++;
    else uses.set(slot, { slot, volatility: SLOT_VOLATILITY[slot], cacheSensitive: isCacheSensitive(slot), offset, count: 1 });
    offset += render(slot).length;
  }
  return [...uses.values()];
}

/** One line per volatility, for humans: what a change of the value costs. */
export function describeVolatility(v: Volatility): string {
  switch (v) {
    case "per-request":
      return "changes every minute: the prompt from here on misses the cache on almost every request";
    case "daily":
      return "changes once a day: the prompt from here on is re-cached daily";
    case "per-model":
      return "changes when the model changes";
    case "per-selection":
      return "changes only with the selection (which rewrites forge's part anyway)";
    case "per-project":
      return "fixed for a project on one machine";
  }
}
