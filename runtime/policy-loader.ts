// The process's view of the team policy: re-read only when a file it read (the settings, the policy bundle, its
// package.json) or FORGE_POLICY changed, and every time while it fails (a fix is picked up at the next read).
import { statSync } from "node:fs";
import { NO_POLICY, type PolicyState } from "../core/policy.js";
import { loadPolicies, type PolicyLoadOptions } from "../io/policy-load.js";

export interface PolicyLoader {
  /** The policy in force now (stat check; a changed file re-reads and re-verifies). */
  refresh(): PolicyState;
  /** The last state read (none before the first): what the tool gate holds a turn to. */
  current(): PolicyState;
}

function statKey(file: string): string {
  try {
    const s = statSync(file);
    return `${file}:${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return `${file}:-`;
  }
}

/** `options()`: the environment, agent dir and extension file of each read (the agent dir follows the environment). */
export function createPolicyLoader(options: () => PolicyLoadOptions): PolicyLoader {
  let state: PolicyState = NO_POLICY;
  let fingerprint: string | null = null;
  let files: string[] = [];
  const fingerprintOf = (o: PolicyLoadOptions) => [o.env.FORGE_POLICY ?? "", o.agentDir, ...files.map(statKey)].join("|");
  return {
    refresh() {
      const o = options();
      if (fingerprint !== null && state.kind !== "failed" && fingerprintOf(o) === fingerprint) return state;
      const load = loadPolicies(o);
      state = load.state;
      files = load.files;
      fingerprint = fingerprintOf(o);
      return state;
    },
    current: () => state,
  };
}
