// /system-update's command and the agent tool's body, loaded on first use (system-updates.ts, update-tool.ts).
// scripts/build.mjs builds them into dist/on-demand.js, beside the extension, so a session start never parses them.
export { runSystemUpdateCommand } from "./update-command.js";
export { executeUpdateTool } from "./update-tool-run.js";
