// /mode delete with one rule: a mode a preset of the same bundle uses is refused up front (naming the presets and how
// to take it out of them), and every other deletion asks first with "No" as the default (headless: --confirm). Deleting
// a selected mode keeps only the remainder of the selection (its contracts checked before anything is removed).
import { describeSelection, selectedKeys } from "../../core/candidate.js";
import { isActiveIn, remainderViolations, selectionWithout } from "../../core/selection-remainder.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import type { AuthoringArgs } from "./authoring-args.js";
import { shownPath, type AuthoringTarget } from "./authoring-target.js";
import type { AuthoringDeps } from "./authoring-deps.js";
import { followTrust, removeSourceAndRebuild, tellOutcome } from "./rebuild.js";
import { join } from "node:path";

/** The answers of the deletion question, "No" first: the default a stray Enter picks. */
export const DELETE_ANSWERS = { keep: "No, keep it", delete: "Yes, delete it" } as const;

/** The presets of the target's bundle that use `key` (as base or overlay), with their source files. */
function presetsUsing(target: AuthoringTarget, key: string): Array<{ name: string; source: string | null }> {
  const presets = target.previous?.presets ?? {};
  return Object.entries(presets)
    .filter(([, p]) => p !== undefined && (p.base === key || p.overlays.includes(key)))
    .map(([name, p]) => ({ name, source: p!.source ?? null }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export async function deleteMode(deps: AuthoringDeps, ctx: CtxPort, key: string, args: AuthoringArgs, target: AuthoringTarget, file: string): Promise<void> {
  const { session } = deps;
  const shown = shownPath(ctx.cwd, file);
  const users = presetsUsing(target, key);
  if (users.length > 0) {
    const where = users.map((u) => (u.source === null ? u.name : `${u.name} (${shownPath(ctx.cwd, join(target.forgeRoot, u.source))})`)).join(", ");
    return say(
      ctx,
      `forge: refused: ${users.length === 1 ? "preset" : "presets"} ${where} ${users.length === 1 ? "uses" : "use"} "${key}"; take "${key}" out of ${users.length === 1 ? "its" : "their"} base or overlays (or /preset delete ${users.map((u) => u.name).join(", ")}), then delete it; nothing deleted`,
      "error",
    );
  }
  const state = session.selection().state;
  const active = state !== null && isActiveIn(state, key, target.scope);
  let effect = "the selection is unchanged";
  if (active) {
    const violations = remainderViolations(session.catalog(), state, key);
    if (violations.length > 0)
      return say(ctx, `forge: refused: without "${key}" the active selection breaks its contracts: ${violations.join("; ")}; nothing deleted`, "error");
    const remainder = selectionWithout(state, key, deps.now());
    effect = `the selection continues with ${selectedKeys(remainder).length > 0 ? describeSelection(remainder) : "nothing (Pi's native prompt)"}`;
  }
  const question = `${shown} is removed and the ${target.scope} bundle rebuilt; ${effect}.`;
  if (!args.confirm) {
    if (!ctx.hasUI) return say(ctx, `forge: /mode delete ${key} needs --confirm without a dialog (${question})`, "error");
    const answer = await ctx.ui.select(`Delete the ${active ? "active " : ""}mode "${key}"?\n${question}`, [DELETE_ANSWERS.keep, DELETE_ANSWERS.delete]);
    if (answer !== DELETE_ANSWERS.delete) return say(ctx, `forge: /mode delete ${key} cancelled; nothing deleted`);
  }
  const build = await removeSourceAndRebuild(deps.cli, target, ctx, file, (head, b) => tellOutcome(ctx, head, b));
  if (build === null) return;
  const trust = await followTrust(session, ctx, target, { kind: "mode", key }, deps.now());
  const now = session.selection().state;
  if (active && now !== null && isActiveIn(now, key, target.scope)) await session.commit(ctx, selectionWithout(now, key, deps.now()));
  tellOutcome(ctx, `forge: deleted ${shown} and rebuilt the ${target.scope} bundle; ${effect}`, build, [trust]);
}
