// The only module that knows which Pi host runs: turns a Composition into a before_agent_start result.
// STUB: the real implementation replaces this file; the exported signatures are the contract.
import type { Composition, PromptOptionsLike } from "./composition.js";

export interface BeforeAgentStartEventLike {
  prompt?: string;
  systemPrompt: string;
  systemPromptOptions?: PromptOptionsLike;
}

export interface BeforeAgentStartResultLike {
  systemPrompt?: string;
}

export interface HostAdapter {
  /** Host-reported project trust, or null when the host has no project-trust API (forge's trust store decides). */
  projectTrust(ctx: unknown): boolean | null;
  /** Applies a composition; on hosts with sections it mutates event.systemPromptOptions and may return nothing. */
  applyComposition(event: BeforeAgentStartEventLike, composition: Composition): BeforeAgentStartResultLike | undefined;
}

export function detectHostAdapter(_pi: unknown): HostAdapter {
  throw new Error("host adapter not implemented yet");
}
