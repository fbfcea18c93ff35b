// /mode new, /mode edit and /mode delete: write or remove a mode's source and rebuild it through the CLI. Authoring never
// activates: an edit of an active mode shows as drift under the session's policy; deleting an active mode asks, then keeps
// only the remainder (contracts checked first); deleting an inactive one leaves the state alone.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { describeSelection, selectedKeys } from "../../core/candidate.js";
import { detectDrift } from "../../core/composition.js";
import { isActiveIn, remainderViolations, selectionWithout } from "../../core/selection-remainder.js";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import { createTextExclusive, writeTextAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";
import type { ForgeCli } from "../forge-cli.js";
import type { SessionCommands } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { parseAuthoringArgs, type AuthoringArgs } from "./authoring-args.js";
import { escapeOf, findSource, resolveTarget, shownPath, type AuthoringScope, type AuthoringTarget } from "./authoring-target.js";
import { followTrust, removeSourceAndRebuild, runBuild, type RebuildResult } from "./rebuild.js";
import { sourceInput } from "./source-input.js";
import { requestSourceText } from "./source-text.js";

export interface AuthoringDeps {
  session: SessionCommands;
  cli: ForgeCli;
  now(): Date;
}

export const MODE_AUTHORING_USAGE = [
  "       /mode new <key> [--strategy append|replace_base|replace_final] [--global] [--prompt-file <path> | --file <path>]",
  "       /mode edit <key> [--global] [--prompt-file <path> | --file <path>]   (opens Pi's editor without a file)",
  "       /mode delete <key> [--global] [--confirm]",
].join("\n");

/** Tells the outcome: the head line, the build's diagnostics, then notes; an error level when the build failed. */
export function tellOutcome(ctx: CtxPort, head: string, build: RebuildResult, notes: Array<string | null> = []): void {
  const level = !build.ok ? "error" : build.lines.some((l) => l.includes(" warning ")) ? "warning" : "info";
  say(ctx, [head, ...build.lines, ...notes.filter((n): n is string => n !== null)].join("\n"), level);
}

/** The key argument, or the reason there is none. */
export function oneKey(args: AuthoringArgs): string | null {
  const [key, extra] = args.words;
  return key !== undefined && extra === undefined && KEY_PATTERN.test(key) && key.length <= LIMITS.maxKeyLength ? key : null;
}

export async function handleModeAuthoring(deps: AuthoringDeps, sub: "new" | "edit" | "delete", argText: string, ctx: CtxPort): Promise<void> {
  const args = parseAuthoringArgs(argText);
  const key = oneKey(args);
  if (args.errors.length > 0 || key === null) {
    const why = args.errors.length > 0 ? args.errors.join("; ") : `/mode ${sub} needs one mode key like "code-review" (lowercase letters, digits, dashes)`;
    return say(ctx, `forge: ${why}\nusage:\n${MODE_AUTHORING_USAGE}`, "error");
  }
  if (sub === "new") return newMode(deps, ctx, key, args);
  const loaded = deps.session.scopes(ctx, true);
  // Edit and delete act where the mode is defined (the deepest scope); --global picks the global source.
  const scope: AuthoringScope = args.global || loaded.catalog.modes.get(key)?.scope === "global" ? "global" : "project";
  const resolved = resolveTarget(loaded, ctx, scope);
  if (!resolved.ok) return say(ctx, `forge: ${resolved.error}`, "error");
  const target = resolved.target;
  const file = findSource(target, "modes", key, target.previous?.modes[key]?.source);
  if (file === null) {
    const builtin = loaded.catalog.modes.get(key)?.scope === "builtin" ? ` ("${key}" is built in: /mode new ${key} makes your own, which shadows it)` : "";
    return say(ctx, `forge: no source of mode "${key}" in the ${scope} scope${builtin}`, "error");
  }
  return sub === "edit" ? editMode(deps, ctx, key, args, target, file) : deleteMode(deps, ctx, key, args, target, file);
}

async function newMode(deps: AuthoringDeps, ctx: CtxPort, key: string, args: AuthoringArgs): Promise<void> {
  const loaded = deps.session.scopes(ctx, true);
  const resolved = resolveTarget(loaded, ctx, args.global ? "global" : "project");
  if (!resolved.ok) return say(ctx, `forge: ${resolved.error}`, "error");
  const target = resolved.target;
  const existing = findSource(target, "modes", key, target.previous?.modes[key]?.source);
  if (existing !== null) return say(ctx, `forge: mode "${key}" already has a source, ${shownPath(ctx.cwd, existing)}; change it with /mode edit ${key}`, "error");
  const file = join(target.forgeRoot, "modes", `${key}.yaml`);
  const shown = shownPath(ctx.cwd, file);
  const escape = escapeOf(target, file);
  if (escape !== null) return say(ctx, `forge: /mode new ${key} refused: ${escape}; nothing written`, "error");
  const template = (promptFile?: string) => requestSourceText(deps.cli, target.cwd, { kind: "mode-template", key, strategy: args.strategy, ...(promptFile === undefined ? {} : { promptFile }) });
  const input = await sourceInput(ctx, args, { title: `New forge mode "${key}": ${shown}`, prefill: () => template() }, (promptFile) => template(promptFile));
  if (input.kind === "cancelled") return say(ctx, `forge: /mode new ${key} cancelled; nothing written`);
  if (input.kind === "error") return say(ctx, `forge: /mode new ${key}: ${input.error}; nothing written`, "error");
  mkdirSync(dirname(file), { recursive: true });
  if (!createTextExclusive(file, input.text)) return say(ctx, `forge: ${shown} appeared meanwhile; not overwritten`, "error");
  const build = await runBuild(deps.cli, target, ctx);
  const flag = args.global ? " --global" : "";
  if (!build.ok) return tellOutcome(ctx, `forge: saved ${shown}, but the build failed, so the bundle is unchanged; fix it with /mode edit ${key}${flag}:`, build);
  const trust = await followTrust(deps.session, ctx, target, { kind: "mode", key }, deps.now());
  const shadowed = loaded.catalog.modes.get(key);
  const note = shadowed ? `it takes the place of the ${shadowed.scope} "${key}"` : null;
  tellOutcome(ctx, `forge: created mode "${key}" (${shown}) and rebuilt the ${target.scope} bundle; it is not active: select it with /mode +${key}`, build, [note, trust]);
}

async function editMode(deps: AuthoringDeps, ctx: CtxPort, key: string, args: AuthoringArgs, target: AuthoringTarget, file: string): Promise<void> {
  const shown = shownPath(ctx.cwd, file);
  const escape = escapeOf(target, file);
  if (escape !== null) return say(ctx, `forge: /mode edit ${key} refused: ${escape}; nothing read or written`, "error");
  const current = readBoundedText(file, LIMITS.maxFileBytes);
  if (!current.ok) return say(ctx, `forge: cannot edit ${shown}: it ${current.detail}`, "error");
  const input = await sourceInput(ctx, args, { title: `Edit forge mode "${key}": ${shown}`, prefill: async () => ({ ok: true, text: current.text }) }, async (promptFile) => {
    // forge's CLI puts the prompt into the file's YAML with its comments and key order kept.
    const replaced = await requestSourceText(deps.cli, target.cwd, { kind: "set-prompt", file, promptFile });
    return replaced.ok ? replaced : { ok: false, error: `cannot put the prompt into ${shown}: ${replaced.error}` };
  });
  if (input.kind === "cancelled") return say(ctx, `forge: /mode edit ${key} cancelled; nothing written`);
  if (input.kind === "error") return say(ctx, `forge: /mode edit ${key}: ${input.error}; nothing written`, "error");
  if (input.text === current.text) return say(ctx, `forge: ${shown} is unchanged; nothing written`);
  writeTextAtomic(file, input.text);
  const build = await runBuild(deps.cli, target, ctx);
  const flag = target.scope === "global" ? " --global" : "";
  if (!build.ok) return tellOutcome(ctx, `forge: saved ${shown}, but the build failed, so the bundle is unchanged; fix it with /mode edit ${key}${flag}:`, build);
  const trust = await followTrust(deps.session, ctx, target, { kind: "mode", key }, deps.now());
  tellOutcome(ctx, `forge: saved ${shown} and rebuilt the ${target.scope} bundle`, build, [activeNote(deps.session, ctx, key, target.scope), trust]);
}

/** What an edit means for the session: nothing while the mode is inactive; drift under the session's policy when active. */
function activeNote(session: SessionCommands, ctx: CtxPort, key: string, scope: AuthoringScope): string | null {
  session.scopes(ctx, true);
  const state = session.selection().state;
  if (state === null || !isActiveIn(state, key, scope)) return null;
  const drift = detectDrift(session.catalog(), state).find((d) => d.key === key);
  if (drift === undefined) return `"${key}" is active; its definition did not change (same digest)`;
  const effect = { block: "Pi's native prompt until /mode reapprove", warn: "the new text, with a notice", allow: "the new text" }[state.driftPolicy];
  return `"${key}" is active: its new definition is drift (policy ${state.driftPolicy}: ${effect})`;
}

async function deleteMode(deps: AuthoringDeps, ctx: CtxPort, key: string, args: AuthoringArgs, target: AuthoringTarget, file: string): Promise<void> {
  const { session } = deps;
  const shown = shownPath(ctx.cwd, file);
  const state = session.selection().state;
  const active = state !== null && isActiveIn(state, key, target.scope);
  let rest = "";
  if (active) {
    const violations = remainderViolations(session.catalog(), state, key);
    if (violations.length > 0) return say(ctx, `forge: refused: without "${key}" the active selection breaks its contracts: ${violations.join("; ")}; nothing deleted`, "error");
    const remainder = selectionWithout(state, key, deps.now());
    rest = selectedKeys(remainder).length > 0 ? describeSelection(remainder) : "nothing (Pi's native prompt)";
    const question = `${shown} is removed and the bundle rebuilt; the selection continues with ${rest}.`;
    const confirmed = args.confirm || (ctx.hasUI && (await ctx.ui.confirm(`Delete the active mode "${key}"?`, question)));
    if (!confirmed) {
      return ctx.hasUI ? say(ctx, `forge: /mode delete ${key} cancelled; nothing deleted`) : say(ctx, `forge: "${key}" is active: add --confirm to delete it (${question})`, "error");
    }
  }
  const build = await removeSourceAndRebuild(deps.cli, target, ctx, file, (head, b) => tellOutcome(ctx, head, b));
  if (build === null) return;
  const trust = await followTrust(session, ctx, target, { kind: "mode", key }, deps.now());
  const now = session.selection().state;
  if (active && now !== null && isActiveIn(now, key, target.scope)) await session.commit(ctx, selectionWithout(now, key, deps.now()));
  const effect = active ? `the selection continues with ${rest}` : "the selection is unchanged";
  tellOutcome(ctx, `forge: deleted ${shown} and rebuilt the ${target.scope} bundle; ${effect}`, build, [trust]);
}
