// /mode new, /mode edit and /mode delete: write or remove a mode's source and rebuild it through the CLI. A source is
// saved only when it builds (save-loop.ts). Your own edit is not drift: a selected mode written here is re-pinned to
// what you wrote at once. Deleting always asks first (mode-delete.ts).
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { repinAuthored } from "../../core/authored-repin.js";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import { readBoundedText } from "../../io/read-bounded.js";
import type { AuthoringDeps } from "./authoring-deps.js";
import type { SessionCommands } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { parseAuthoringArgs, type AuthoringArgs } from "./authoring-args.js";
import { escapeOf, findSource, resolveTarget, shownPath, type AuthoringScope, type AuthoringTarget } from "./authoring-target.js";
import { deleteMode } from "./mode-delete.js";
import { followTrust, tellOutcome } from "./rebuild.js";

export { tellOutcome };
import { saveUntilBuilt, type Saved } from "./save-loop.js";
import { sourceInput } from "./source-input.js";
import { requestSourceText } from "./source-text.js";

export type { AuthoringDeps };

export const MODE_AUTHORING_USAGE = [
  "       /mode new [<key>] [--strategy append|replace_base|replace_final] [--global] [--prompt-file <path> | --file <path>]",
  "       /mode edit <key> [--global] [--prompt-file <path> | --file <path>]   (opens Pi's editor without a file)",
  "       /mode delete <key> [--global] [--confirm]",
].join("\n");

/** The key argument, or null when there is not exactly one valid key. */
export function oneKey(args: AuthoringArgs): string | null {
  const [key, extra] = args.words;
  return key !== undefined && extra === undefined && isModeKey(key) ? key : null;
}

const isModeKey = (key: string) => KEY_PATTERN.test(key) && key.length <= LIMITS.maxKeyLength;

/** The rule for keys, said about one that breaks it. */
const notAKey = (key: string) =>
  `"${key}" is not a mode key: lowercase letters, digits and dashes, starting with a letter, at most ${LIMITS.maxKeyLength} characters, like "code-review"`;

/** How often /mode new asks again for a key that is none before it gives up. */
const MAX_KEY_ROUNDS = 5;

/** A key no offered, withheld or written mode uses: `my-mode`, then `my-mode-2`... */
function freeKey(session: SessionCommands): string {
  const taken = (k: string) => session.catalog().modes.has(k) || session.catalog().withheldModes.has(k);
  for (let n = 1; ; n++) {
    const key = n === 1 ? "my-mode" : `my-mode-${n}`;
    if (!taken(key)) return key;
  }
}

/** Without a key: /mode new asks for one (a free key suggested), edit and delete offer the modes they can change. */
async function askKey(deps: AuthoringDeps, sub: "new" | "edit" | "delete", ctx: CtxPort): Promise<string | null | undefined> {
  if (!ctx.hasUI) return null;
  if (sub === "new") {
    if (ctx.ui.input === undefined) return null;
    const suggested = freeKey(deps.session);
    let title = `New forge mode: its key (lowercase letters, digits, dashes; empty takes "${suggested}")`;
    // An answer that is no key asks again, saying the rule, rather than ending the command.
    for (let round = 0; round < MAX_KEY_ROUNDS; round++) {
      const answer = await ctx.ui.input(title, suggested);
      if (answer === undefined) return undefined;
      const key = answer.trim() === "" ? suggested : answer.trim();
      if (isModeKey(key) || round === MAX_KEY_ROUNDS - 1) return key;
      title = `${notAKey(key)}; try again (empty takes "${suggested}")`;
    }
  }
  const keys = deps.session.writable("modes");
  if (keys.length === 0) return null;
  const choice = await ctx.ui.select(`${sub === "edit" ? "Edit" : "Delete"} which forge mode?`, keys);
  return choice ?? undefined;
}

export async function handleModeAuthoring(deps: AuthoringDeps, sub: "new" | "edit" | "delete", argText: string, ctx: CtxPort): Promise<void> {
  const args = parseAuthoringArgs(argText);
  const usage = (why: string) => say(ctx, `forge: ${why}\nusage:\n${MODE_AUTHORING_USAGE}`, "error");
  if (args.errors.length > 0) return usage(args.errors.join("; "));
  if (args.words.length > 1) return usage(`/mode ${sub} takes one mode key`);
  deps.session.scopes(ctx, true);
  let key = args.words[0] ?? (await askKey(deps, sub, ctx));
  if (key === undefined) return say(ctx, `forge: /mode ${sub} cancelled; nothing changed`);
  if (key === null) return usage(`/mode ${sub} needs one mode key like "code-review" (lowercase letters, digits, dashes)`);
  if (!isModeKey(key)) return usage(notAKey(key));
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

/** The editor's title: what is edited, and the keys that save, break a line and cancel on this host. */
function editorTitle(deps: AuthoringDeps, ctx: CtxPort, what: string): string {
  return `${what} · Enter saves (only when it builds) · ${deps.newlineKeys?.(ctx) ?? "Shift+Enter"}: new line · Esc cancels`;
}

/** Says what a failed or abandoned save left behind (nothing); null when it saved. */
function tellUnsaved(ctx: CtxPort, sub: string, key: string, shown: string, saved: Exclude<Saved, { kind: "saved" }>): void {
  if (saved.kind === "cancelled") return say(ctx, `forge: /mode ${sub} ${key} cancelled; nothing written`);
  if (saved.kind === "unchanged") return say(ctx, `forge: ${shown} is unchanged; nothing written`);
  if (saved.kind === "error") return say(ctx, `forge: /mode ${sub} ${key}: ${saved.error}; nothing written`, "error");
  tellOutcome(ctx, `forge: not saved: ${shown} does not build with this text, so nothing was written:`, saved.build);
}

async function newMode(deps: AuthoringDeps, ctx: CtxPort, key: string, args: AuthoringArgs): Promise<void> {
  const loaded = deps.session.scopes(ctx, true);
  const resolved = resolveTarget(loaded, ctx, args.global ? "global" : "project");
  if (!resolved.ok) return say(ctx, `forge: ${resolved.error}`, "error");
  const target = resolved.target;
  const existing = findSource(target, "modes", key, target.previous?.modes[key]?.source);
  if (existing !== null)
    return say(ctx, `forge: mode "${key}" already has a source, ${shownPath(ctx.cwd, existing)}; change it with /mode edit ${key}`, "error");
  const file = join(target.forgeRoot, "modes", `${key}.yaml`);
  const shown = shownPath(ctx.cwd, file);
  const escape = escapeOf(target, file);
  if (escape !== null) return say(ctx, `forge: /mode new ${key} refused: ${escape}; nothing written`, "error");
  const template = (promptFile?: string) =>
    requestSourceText(deps.cli, target.cwd, { kind: "mode-template", key, strategy: args.strategy, ...(promptFile === undefined ? {} : { promptFile }) });
  const title = editorTitle(deps, ctx, `New forge mode "${key}": ${shown}`);
  const input = await sourceInput(ctx, args, { title, prefill: () => template() }, (promptFile) => template(promptFile));
  mkdirSync(dirname(file), { recursive: true });
  const saved = await saveUntilBuilt(deps.cli, ctx, input, { file, shown, previous: null, target }, (args.file ?? args.promptFile) ? null : title);
  if (saved.kind !== "saved") return tellUnsaved(ctx, "new", key, shown, saved);
  const trust = await followTrust(deps.session, ctx, target, { kind: "mode", key }, deps.now());
  const shadowed = loaded.catalog.modes.get(key);
  const note = shadowed ? `it takes the place of the ${shadowed.scope} "${key}"` : null;
  const active = await repinOwnEdit(deps, ctx, key, target.scope);
  const head = `forge: created mode "${key}" (${shown}) and rebuilt the ${target.scope} bundle; ${active ?? `it is not active: select it with /mode +${key}`}`;
  tellOutcome(ctx, head, saved.build, [note, trust]);
}

async function editMode(deps: AuthoringDeps, ctx: CtxPort, key: string, args: AuthoringArgs, target: AuthoringTarget, file: string): Promise<void> {
  const shown = shownPath(ctx.cwd, file);
  const escape = escapeOf(target, file);
  if (escape !== null) return say(ctx, `forge: /mode edit ${key} refused: ${escape}; nothing read or written`, "error");
  const current = readBoundedText(file, LIMITS.maxFileBytes);
  if (!current.ok) return say(ctx, `forge: cannot edit ${shown}: it ${current.detail}`, "error");
  const title = editorTitle(deps, ctx, `Edit forge mode "${key}": ${shown}`);
  const input = await sourceInput(ctx, args, { title, prefill: async () => ({ ok: true, text: current.text }) }, async (promptFile) => {
    // forge's CLI puts the prompt into the file's YAML with its comments and key order kept.
    const replaced = await requestSourceText(deps.cli, target.cwd, { kind: "set-prompt", file, promptFile });
    return replaced.ok ? replaced : { ok: false, error: `cannot put the prompt into ${shown}: ${replaced.error}` };
  });
  const saved = await saveUntilBuilt(deps.cli, ctx, input, { file, shown, previous: current.text, target }, (args.file ?? args.promptFile) ? null : title);
  if (saved.kind !== "saved") return tellUnsaved(ctx, "edit", key, shown, saved);
  const trust = await followTrust(deps.session, ctx, target, { kind: "mode", key }, deps.now());
  const active = await repinOwnEdit(deps, ctx, key, target.scope);
  tellOutcome(ctx, `forge: saved ${shown} and rebuilt the ${target.scope} bundle${active === null ? "" : `; ${active}`}`, saved.build, [trust]);
}

/**
 * A selected mode just written here is re-pinned to the new definition (the user wrote and saw it: not drift), so the
 * next prompt uses it and the footer shows it at once. Returns what to say, or null when the mode is not selected.
 */
async function repinOwnEdit(deps: AuthoringDeps, ctx: CtxPort, key: string, scope: AuthoringScope): Promise<string | null> {
  const { session } = deps;
  session.scopes(ctx, true);
  const state = session.selection().state;
  if (state === null || !state.overlays.concat(state.base ?? []).includes(key)) return null;
  const current = session.catalog().modes.get(key);
  if (current === undefined || current.scope !== scope)
    return `"${key}" is selected, but the ${scope} definition is not the one offered here; /mode status shows it`;
  if (state.components[key]?.digest === current.mode.digest && state.components[key]?.layer === (current.layer ?? undefined))
    return `"${key}" is active; its definition did not change (same digest)`;
  const repin = repinAuthored(session.catalog(), state, key, deps.now());
  if (!repin.ok) return `"${key}" is selected, but ${repin.reason}: it shows as drift until /mode set`;
  await session.commit(ctx, repin.entry);
  return `"${key}" is active with what you wrote (from the next prompt)`;
}
