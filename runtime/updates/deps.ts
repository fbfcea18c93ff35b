// What the system-update feature needs from the runtime core: the contract of registerSystemUpdates(pi, deps).
import type { Segment } from "../../generated/types.js";
import type { ActivePresetRef } from "./blocks.js";
import type { PromptOptions, CtxPort } from "../host-adapter/ports.js";

export interface SystemUpdatesDeps {
  /** The host adapter's capability answer (runtime/host-adapter/ is the only place that knows the host). */
  adapter: {
    /**
     * True when delivery may use prompt sections: the host has structured sections and, when
     * before_agent_start options are given, no forced prompt hides them. Called with null outside
     * before_agent_start (commands, the tool): what the host showed at its last run.
     */
    supportsSections(options: PromptOptions | null): boolean;
    /** With section delivery: whether a change rewrites the prompt Pi replays (no mid-conversation system messages). */
    foldsSectionChanges(ctx: CtxPort): boolean;
  };
  /** The active preset, or null when none is selected or the core fell back to the native prompt. */
  getActivePreset(ctx: CtxPort): ActivePresetRef | null;
  /** Renders a block's precompiled template with the core's slot values (cwd, date, model...). */
  renderTemplate(segments: readonly Segment[], ctx: CtxPort): string;
  /** Clock for createdAt; defaults to the system clock (tests pin it). */
  now?: () => Date;
}
