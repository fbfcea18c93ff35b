// Loads a feature's on-demand module (runtime/commands/on-demand.ts, runtime/updates/on-demand.ts; in dist/ both are
// one file beside the extension, dist/on-demand.js) on the first command or tool call that needs it. A load that fails
// refuses that command or call with the reason; nothing else depends on it.
import { describeError } from "./notify.js";

/** `load()`'s module; throws, naming `what` could not run, when it cannot be loaded (the caller refuses). */
export async function loadOnDemand<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new Error(`${what} cannot run: forge's on-demand code (on-demand.js beside the extension) did not load (${describeError(error)}); nothing changed`);
  }
}
