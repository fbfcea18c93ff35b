// Roo's tool groups -> forge tools and edit limits: read -> read, grep, find, ls; edit -> edit, write (a fileRegex becomes
// edits.allowRegex, kept as a regex); command -> bash (with a fileRegex also edits.bash: unchecked, as Roo runs commands
// whatever the fileRegex). browser and mcp have no Pi equivalent and are reported.
import { reportInvalid, reportUnsupported, type EntryContext } from "./entry-fields.js";
import { isRecord } from "./input-doc.js";
import type { ModeSource } from "./types.js";
import { compileRegex } from "../phases/path-patterns.js";

const GROUP_TOOLS: Readonly<Record<string, readonly string[]>> = {
  read: ["read", "grep", "find", "ls"],
  edit: ["edit", "write"],
  command: ["bash"],
};
const NO_PI_EQUIVALENT: Readonly<Record<string, string>> = {
  browser: "Pi has no browser tool, so the mode gets none",
  mcp: "forge never switches on an extension or MCP tool, and this mode's tools list leaves any active one off",
};
const EXAMPLE = 'groups: [read, [edit, { fileRegex: "\\\\.md$" }], command]';

/**
 * A group's fileRegex, checked as forge will match it (RE2 syntax, no nested quantifier: compileRegex), so an imported
 * mode always builds; null when it is absent. One forge cannot run leaves the mode without the group's tools.
 */
function fileRegexOf(ctx: EntryContext, options: unknown, at: (string | number)[], name: string): { regex: string | null; ok: boolean } {
  if (!isRecord(options) || options.fileRegex === undefined) return { regex: null, ok: true };
  const regex = options.fileRegex;
  if (typeof regex !== "string" || regex === "") {
    reportInvalid(ctx, [...at, "fileRegex"], `group ${name}`, `has a fileRegex that is not a non-empty string, so the mode gets none of its tools`, EXAMPLE);
    return { regex: null, ok: false };
  }
  const compiled = compileRegex(regex);
  if (!compiled.ok || compiled.backtracking) {
    const why = compiled.ok ? "it nests quantifiers, like (a+)+, which forge refuses" : compiled.detail;
    reportInvalid(ctx, [...at, "fileRegex"], `group ${name}`, `has a fileRegex forge cannot run (${why}), so the mode gets none of its tools`, EXAMPLE);
    return { regex: null, ok: false };
  }
  return { regex, ok: true };
}

/**
 * The tools and edit limit of a Roo mode. A mode without an edit group cannot edit (no edit or write); a group
 * that cannot be read is left out, never widened. Without `groups` the mode keeps Pi's tools (Roo requires them).
 */
export function mapRooGroups(ctx: EntryContext, groups: unknown): Pick<ModeSource, "tools" | "edits"> {
  if (groups === undefined || groups === null) return {};
  if (!Array.isArray(groups)) {
    reportInvalid(ctx, ["groups"], '"groups"', "is not a list, so the mode gets only the read-only tools (read, grep, find, ls)", EXAMPLE);
    return { tools: [...GROUP_TOOLS.read!] };
  }
  const tools: string[] = [];
  const regexes: string[] = [];
  let unrestricted = false;
  groups.forEach((group, i) => {
    const name = Array.isArray(group) ? group[0] : group;
    const options = Array.isArray(group) ? group[1] : undefined;
    const at: (string | number)[] = Array.isArray(group) ? ["groups", i, 1] : ["groups", i];
    if (typeof name !== "string") {
      reportInvalid(ctx, ["groups", i], `group ${i + 1}`, "is not a group name", EXAMPLE);
      return;
    }
    if (Object.hasOwn(NO_PI_EQUIVALENT, name)) {
      reportUnsupported(ctx, ["groups", i], `group ${name}`, NO_PI_EQUIVALENT[name]!, `group ${name} (no Pi equivalent)`);
      return;
    }
    if (!Object.hasOwn(GROUP_TOOLS, name)) {
      reportInvalid(ctx, ["groups", i], `group "${name}"`, "is not a Roo group (read, edit, command, browser, mcp)", EXAMPLE);
      return;
    }
    if (isRecord(options) && typeof options.description === "string") {
      reportUnsupported(
        ctx,
        [...at, "description"],
        `the description of group ${name}`,
        "Roo showed it when it refused an edit; forge's refusal names the mode and its allowed patterns instead",
        `the description ${JSON.stringify(options.description)} of group ${name}`,
      );
    }
    const { regex, ok } = fileRegexOf(ctx, options, at, name);
    if (!ok) return;
    if (regex !== null && name !== "edit") {
      reportUnsupported(
        ctx,
        [...at, "fileRegex"],
        `fileRegex of group ${name}`,
        "Roo applies a fileRegex to the edit group only",
        `fileRegex ${JSON.stringify(regex)} of group ${name} (only the edit group limits files)`,
      );
    } else if (name === "edit") {
      if (regex === null) unrestricted = true;
      else if (!regexes.includes(regex)) regexes.push(regex);
    }
    for (const tool of GROUP_TOOLS[name]!) if (!tools.includes(tool)) tools.push(tool);
  });
  const out: Pick<ModeSource, "tools" | "edits"> = { tools };
  // An edit group without a fileRegex may edit anything, so together with a limited one nothing is limited.
  if (regexes.length > 0 && !unrestricted) {
    out.edits = { allowRegex: regexes };
    // Roo runs the command group's shell commands whatever the fileRegex: kept, and said (forge would turn bash off).
    if (tools.includes("bash")) {
      out.edits.bash = "unchecked";
      ctx.comments.push(
        "edits.bash: unchecked keeps Roo's command group: bash can change any file and forge cannot check it; remove it and forge turns bash off while the limit is active",
      );
    }
  }
  return out;
}
