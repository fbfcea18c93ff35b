// The /preset command's handler (imported on its first run: command-specs.ts): list, use <name>, save <name>.
import { forgeCommand } from "../../core/forge-command.js";
import type { SessionCommands } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { isPresetName, presetFilePath, presetSourceRequest, writePresetSource } from "../preset-writer.js";
import { requestSourceText } from "../authoring/source-text.js";
import { selectedKeys } from "../../core/candidate.js";
import { presetOverrides, resolveRequest, stalePresetModes, type DriftPolicy } from "../../core/selection.js";
import { shownPath } from "../authoring/authoring-target.js";
import type { ExactConfirmation } from "../selection-transitions.js";
import { nearSubcommand } from "../../core/suggest.js";
import { parseArgs } from "./command-args.js";
import { applySelection } from "./apply-selection.js";
import type { SelectionEstimator } from "./selection-estimate.js";
import type { AuthoringDeps } from "../authoring/mode-authoring.js";
import { handlePresetTransfer, PRESET_TRANSFER_USAGE } from "../authoring/preset-transfer.js";

export const PRESET_USAGE = [
  "usage: /preset                 pick a preset to use (interactive; otherwise the list)",
  "       /preset list            the offered presets, the active one marked",
  "       /preset use <name> [--drift block|warn|allow] [--confirm-exact[=<digest>]]",
  `       /preset save <name> [--force]   write .pi/forge/presets/<name>.yaml (then run ${forgeCommand("build")})`,
  PRESET_TRANSFER_USAGE,
].join("\n");

const TRANSFER = new Set(["export", "import", "delete"]);

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);

export async function handlePreset(
  session: SessionCommands,
  args: string,
  ctx: CtxPort,
  estimator?: SelectionEstimator,
  authoring?: AuthoringDeps,
): Promise<void> {
  const first = args.trim().split(/\s+/, 1)[0]!;
  if (authoring !== undefined && TRANSFER.has(first))
    return handlePresetTransfer(authoring, first as "export" | "import" | "delete", args.trim().slice(first.length), ctx);
  const loaded = session.scopes(ctx);
  const parsed = parseArgs(args);
  if (parsed.errors.length > 0) return say(ctx, `forge: ${parsed.errors.join("; ")}\n${PRESET_USAGE}`, "error");
  const [sub, name] = parsed.words;
  if (sub === undefined && ctx.hasUI) return selectPreset(session, ctx, estimator);
  if (sub === undefined || sub === "list") return say(ctx, listPresets(session));
  if (sub === "use") {
    if (!name) return say(ctx, `forge: /preset use needs a name\n${PRESET_USAGE}`, "error");
    return usePreset(session, ctx, name, parsed.drift, parsed.confirm, estimator);
  }
  if (sub === "save") return savePreset(session, ctx, loaded.discovered.paths.projectRoot ?? ctx.cwd, name, parsed.force, authoring);
  return say(ctx, `forge: unknown subcommand "${sub}"${presetHint(session, sub)}\n${PRESET_USAGE}`, "error");
}

/** /preset use: the preset's selection, in one notice (a preset built against other definitions is folded in as a warning). */
async function usePreset(
  session: SessionCommands,
  ctx: CtxPort,
  name: string,
  drift: DriftPolicy | null,
  confirm: ExactConfirmation,
  estimator?: SelectionEstimator,
): Promise<void> {
  const resolved = resolveRequest(session.catalog(), { kind: "preset", name }, drift ?? undefined);
  if (!resolved.ok) return say(ctx, `forge: refused: ${resolved.error}; nothing changed`, "error");
  const stale = stalePresetModes(session.catalog(), name);
  const warnings =
    stale.length > 0
      ? [
          `preset "${name}" was built against other versions of ${stale.join(", ")}; it uses the current definitions (run ${forgeCommand("build")} to refresh it)`,
        ]
      : [];
  // A deeper layer's mode of the same key is the documented layering, not staleness: named, never a warning.
  const overrides = presetOverrides(session.catalog(), name).map(
    (m) =>
      `${m.key} from ${m.layer === null ? `the ${m.scope} scope` : m.layer === ctx.cwd ? "this directory's layer" : `the layer at ${shownPath(ctx.cwd, m.layer)}`}`,
  );
  const lines = overrides.length > 0 ? [`as layered here: ${overrides.join(", ")} (a deeper layer's mode takes the place of the one the preset names)`] : [];
  return applySelection(session, ctx, resolved.candidate, "preset", confirm, estimator, warnings, lines);
}

/** What a mistyped `/preset <word>` probably meant: a close subcommand, or `use` of the preset named so. */
function presetHint(session: SessionCommands, word: string): string {
  const near = nearSubcommand(word, ["list", "use", "save"]);
  if (near !== null) return `; did you mean /preset ${near}?`;
  return session.catalog().presets.has(word) ? `; did you mean /preset use ${word}?` : "";
}

/** The offered presets, one a line; the active one marked `* ` and `(active)`, the others indented to line up. */
function listPresets(session: SessionCommands): string {
  const presets = [...session.catalog().presets.values()].sort(byKey);
  if (presets.length === 0) return "forge: no presets offered";
  const active = session.selection().state?.preset ?? null;
  return presets
    .map(
      (p) =>
        `${p.key === active ? "* " : "  "}${p.key} (${p.scope}${p.key === active ? ", active" : ""}): ${p.preset.description} [base ${p.preset.base ?? "(native)"}; overlays ${p.preset.overlays.join(", ") || "(none)"}; drift ${p.preset.driftPolicy ?? "block"}]`,
    )
    .join("\n");
}

/**
 * A bare /preset with a UI: a selector of the offered presets, then /preset use of the pick. The active one is marked
 * and comes first, so the cursor opens on it (Pi's select() takes no initial choice).
 */
async function selectPreset(session: SessionCommands, ctx: CtxPort, estimator?: SelectionEstimator): Promise<void> {
  const active = session.selection().state?.preset ?? null;
  const presets = [...session.catalog().presets.values()].sort((a, b) => (a.key === active ? -1 : b.key === active ? 1 : byKey(a, b)));
  if (presets.length === 0) return say(ctx, "forge: no presets offered");
  const label = (p: (typeof presets)[number]) => `${p.key}${p.key === active ? " (active)" : ""} - ${p.preset.description}`;
  const options = presets.map(label);
  const choice = await ctx.ui.select("forge presets: pick one to use", options);
  const picked = choice === undefined ? undefined : presets[options.indexOf(choice)];
  if (picked === undefined) return say(ctx, "forge: preset selection cancelled; nothing changed");
  return usePreset(session, ctx, picked.key, null, { given: false }, estimator);
}

async function savePreset(
  session: SessionCommands,
  ctx: CtxPort,
  root: string,
  name: string | undefined,
  force: boolean,
  authoring: AuthoringDeps | undefined,
): Promise<void> {
  if (!name || !isPresetName(name)) {
    return say(ctx, `forge: /preset save needs a name like "review-flow" (lowercase letters, digits, dashes)`, "error");
  }
  const state = session.selection().state;
  if (state === null || selectedKeys(state).length === 0) return say(ctx, "forge: nothing selected to save; use /mode set first", "error");
  const file = presetFilePath(root, name);
  if (authoring === undefined) return say(ctx, "forge: /preset save needs forge's CLI, which writes the source; it is not available here", "error");
  const made = await requestSourceText(authoring.cli, root, presetSourceRequest(name, state));
  if (!made.ok) return say(ctx, `forge: could not write preset: ${made.error}`, "error");
  const text = made.text;
  let result = writePresetSource(file, text, false, root);
  if (!result.ok && result.exists) {
    const overwrite = force || (ctx.hasUI && (await ctx.ui.confirm(`Overwrite preset ${name}?`, `${file} exists. Replace it with the current selection?`)));
    if (!overwrite) return say(ctx, `forge: ${file} exists; not overwritten${ctx.hasUI ? "" : " (add --force to replace it)"}`, "warning");
    result = writePresetSource(file, text, true, root);
  }
  if (!result.ok) return say(ctx, `forge: could not write preset: ${result.error}`, "error");
  say(ctx, `forge: saved preset "${name}" to ${file}; run \`${forgeCommand("build")}\` to compile it into the project bundle`);
}
