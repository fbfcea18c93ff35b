// Memoized composition for before_agent_start: recomposes only when the catalog, state, error or slot values change.
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { Catalog } from "../core/component-catalog.js";
import { composeSelection, type ActiveSelection, type ComposeResult } from "../core/composition.js";
import type { PromptVars } from "../core/template.js";

/**
 * Memoizes composeSelection on (catalog id, state object, error, vars). before_agent_start runs
 * every turn; the state object only changes on activation or replay, so the key is cheap to build.
 */
export function createComposeCache(): (catalog: Catalog, selection: ActiveSelection, vars: PromptVars) => ComposeResult {
  let lastCatalog: Catalog | null = null;
  let lastState: ForgeModeStateEntry | null | undefined;
  let lastError: string | null = null;
  let lastVarsKey = "";
  let lastResult: ComposeResult | null = null;
  return (catalog, selection, vars) => {
    const varsKey = `${vars.cwd}\u0000${vars.date}\u0000${vars.time}\u0000${vars.model}\u0000${vars.os}\u0000${vars.preset}`;
    if (lastResult !== null && lastCatalog === catalog && lastState === selection.state && lastError === selection.error && lastVarsKey === varsKey) {
      return lastResult;
    }
    lastResult = composeSelection(catalog, selection, vars);
    lastCatalog = catalog;
    lastState = selection.state;
    lastError = selection.error;
    lastVarsKey = varsKey;
    return lastResult;
  };
}
