// The system-update feature's one door: the rest of the runtime registers it and asks it only through this file.
export { createSystemUpdates, registerSystemUpdates, UPDATE_TOOL_NAMES, type SystemUpdates, type SystemUpdatesDeps } from "./system-updates.js";
export type { ActivePresetRef } from "./preset-blocks.js";
export type { SelectionChange } from "./selection-impact.js";
export type { PromptChangeReport } from "./cache-impact.js";
export type { PendingReport } from "./selection-impact.js";
export { describeTrigger } from "./rule-inventory.js";
export { COMMAND_NAME as SYSTEM_UPDATE_COMMAND } from "./update-command-args.js";
