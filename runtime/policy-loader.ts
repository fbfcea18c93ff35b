// The process's view of the team policy: re-read only when a file it read (the settings, the policy bundle, its
// package.json) or FORGE_POLICY changed, and every time while it fails (a fix is picked up at the next read).
import { NO_POLICY, type PolicyState } from "../core/policy.js";
import { loadPolicies, type PolicyLoadOptions } from "../io/policy-load.js";
import { fileStatKey } from "./scope-discovery.js";
import { createDirWatch, fileWatchPlan, type DirWatch } from "./scope-watch.js";

export interface PolicyLoader {
  /** The policy in force now (stat check; a changed file re-reads and re-verifies). */
  refresh(): PolicyState;
  /** The last state read (none before the first): what the tool gate holds a turn to. */
  current(): PolicyState;
}

/**
 * `options()`: the environment, agent dir and extension file of each read (the agent dir follows the environment).
 * A turn in which no file it read moved (fs.watch on their directories: runtime/scope-watch.ts) makes no system call;
 * where a directory cannot be watched, it stats the files every turn.
 */
export function createPolicyLoader(options: () => PolicyLoadOptions, watch: DirWatch = createDirWatch()): PolicyLoader {
  let state: PolicyState = NO_POLICY;
  let fingerprint: string | null = null;
  let files: string[] = [];
  let named = "";
  const fingerprintOf = () => files.map(fileStatKey).join("|");
  /** Watches `files` and stats them before reading, so a change while reading is seen at the next turn. */
  const watched = (list: string[]): void => {
    files = list;
    watch.arm(fileWatchPlan(files));
    fingerprint = fingerprintOf();
  };
  return {
    refresh() {
      const o = options();
      const now = `${o.env.FORGE_POLICY ?? ""}|${o.agentDir}`;
      const same = fingerprint !== null && state.kind !== "failed" && now === named;
      if (same && watch.quiet()) return state;
      if (same && fingerprintOf() === fingerprint) {
        watch.arm(fileWatchPlan(files)); // an event that changed nothing forge reads (another file of the directory)
        return state;
      }
      named = now;
      watched(files);
      let load = loadPolicies(o);
      // The first read (or a policy named elsewhere) learns which files it reads: watch and stat those, then read again.
      if (load.files.join("|") !== files.join("|")) {
        watched(load.files);
        load = loadPolicies(o);
      }
      state = load.state;
      return state;
    },
    current: () => state,
  };
}
