// What the system-update feature needs from the runtime core: the contract of registerSystemUpdates(pi, deps).
import type { Segment } from "../../generated/types.js";
import type { ActivePresetRef } from "./blocks.js";
import type { PromptOptionsSlice, UpdatesCtx } from "./host-types.js";

export interface SystemUpdatesDeps {
  adapter: {
    /**
     * True when delivery may use prompt sections: the host has structured sections (1.x) and,
     * when before_agent_start options are given, no `forceSystemPrompt` is set (a forced prompt
     * drops sections). Called with null outside before_agent_start (commands, the tool): host capability only.
     */
    supportsSections(options: PromptOptionsSlice | null): boolean;
  };
  /** The active preset, or null when none is selected or the core fell back to the native prompt. */
  getActivePreset(ctx: UpdatesCtx): ActivePresetRef | null;
  /** Renders a block's precompiled template with the core's slot values (cwd, date, model...). */
  renderTemplate(segments: readonly Segment[], ctx: UpdatesCtx): string;
  /** Clock for createdAt; defaults to the system clock (tests pin it). */
  now?: () => Date;
}
