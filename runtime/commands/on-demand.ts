// The commands' handlers, loaded when a command first runs (command-specs.ts). scripts/build.mjs builds them into
// dist/on-demand.js, beside the extension, so a session start never parses them.
export { handleMode } from "./mode-command.js";
export { handlePreset } from "./preset-command.js";
export { handleForge } from "./forge-command.js";
