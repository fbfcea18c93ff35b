// The /mode selector: a searchable multi-select with a live summary; atomic apply. TUI component or select() loop (RPC).
import { sortedModeKeys } from "../../core/component-catalog.js";
import { composeSelection } from "../../core/composition.js";
import { composedChars, estimateTokens } from "../../core/prompt-size.js";
import { checkContracts, selectedKeys } from "../../core/candidate.js";
import type { SessionCommands } from "../forge-session.js";
import type { ComponentPort, CtxPort, KeybindingsPort, TuiPort } from "../host-adapter/ports.js";
import { keyMatcherOf } from "./key-match.js";
import { say } from "../notify.js";
import { fitWidth } from "../tui-text.js";
import { visible as visibleText } from "../../core/safe-text.js";
import { previewStateEntry, resolveRequest } from "../../core/selection.js";
import { applyOff, applySelection } from "./apply-selection.js";
import type { SelectionEstimator } from "./selection-estimate.js";

interface Picked {
  keys: string[];
}

/** One-line summary of what applying `keys` would produce: contracts, parts, size. */
export function summarizeCandidate(session: SessionCommands, ctx: CtxPort, keys: string[]): string {
  if (keys.length === 0) return "result: Pi's native prompt (mode off)";
  const catalog = session.catalog();
  const resolved = resolveRequest(catalog, { kind: "keys", keys });
  if (!resolved.ok) return `result: refused: ${resolved.error}`;
  const c = resolved.candidate;
  const result = composeSelection(catalog, { state: previewStateEntry(catalog, c), error: null }, session.vars(ctx));
  const chars = composedChars(result.composition);
  const parts = [c.base ? `base ${c.base} (${catalog.modes.get(c.base)!.mode.strategy})` : "native base", ...c.overlays];
  return `result: ${parts.join(" + ")} | ${chars} chars ~${estimateTokens(chars)} tokens`;
}

function modeLine(session: SessionCommands, key: string): string {
  const m = session.catalog().modes.get(key)!.mode;
  return `${key} - ${m.label} (${m.strategy}): ${m.description}`;
}

/**
 * The modes a search shows, best match first: the key starting with the text, then the key holding it, then the label,
 * then only the description (typing "small" puts small-steps above a mode that only mentions small steps); ties keep
 * the catalog's order.
 */
export function rankModes(session: SessionCommands, filter: string): string[] {
  const keys = sortedModeKeys(session.catalog());
  if (filter === "") return keys;
  const rank = (key: string): number => {
    const m = session.catalog().modes.get(key)!.mode;
    if (key.startsWith(filter)) return 0;
    if (key.includes(filter)) return 1;
    if (m.label.toLowerCase().includes(filter)) return 2;
    return modeLine(session, key).toLowerCase().includes(filter) ? 3 : -1;
  };
  return keys
    .map((key) => ({ key, rank: rank(key) }))
    .filter((k) => k.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((k) => k.key);
}

/** Keeps the chosen order, but a newly toggled key goes last. */
function toggle(keys: string[], key: string): string[] {
  return keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key];
}

export async function runModeSelector(session: SessionCommands, ctx: CtxPort, estimator?: SelectionEstimator): Promise<void> {
  const initial = selectedKeys(session.selection().state);
  let picked: Picked | null | undefined;
  const tui = ctx.mode === undefined || ctx.mode === "tui";
  if (tui && typeof ctx.ui.custom === "function") {
    picked = await ctx.ui.custom<Picked | null>((tui, _theme, keybindings, done) => createPicker(session, ctx, initial, tui, keybindings, done));
  }
  if (picked === undefined) picked = await selectLoop(session, ctx, initial);
  if (picked === null || picked === undefined) return say(ctx, "forge: selection cancelled; nothing changed");
  // Apply without a toggle keeps what is active as it is: the preset and its blocks, the pins (drift stays drift).
  if (picked.keys.length === initial.length && picked.keys.every((k, i) => k === initial[i]))
    return say(ctx, `forge: selection unchanged (${initial.length === 0 ? "Pi's native prompt" : initial.join(", ")}); nothing changed`);
  if (picked.keys.length === 0) return applyOff(session, ctx, estimator);
  const resolved = resolveRequest(session.catalog(), { kind: "keys", keys: picked.keys }, session.selection().state?.driftPolicy ?? "block");
  if (!resolved.ok) return say(ctx, `forge: refused: ${resolved.error}; nothing changed`, "error");
  return applySelection(session, ctx, resolved.candidate, "selector", { given: false }, estimator);
}

/** Dialog-only fallback (RPC, or hosts without custom components): toggle with select() until Apply. */
async function selectLoop(session: SessionCommands, ctx: CtxPort, initial: string[]): Promise<Picked | null> {
  let keys = [...initial];
  let filter = "";
  for (let round = 0; round < 500; round++) {
    const apply = `Apply - ${summarizeCandidate(session, ctx, keys)}`;
    const search = `Search... ${filter ? `(filter: ${filter})` : ""}`.trim();
    const shown = rankModes(session, filter);
    const lines = shown.map((k) => `[${keys.includes(k) ? `${keys.indexOf(k) + 1}` : " "}] ${modeLine(session, k)}`);
    const options = [apply, ...(ctx.ui.input ? [search] : []), ...lines];
    const choice = await ctx.ui.select("forge modes: pick to toggle, then Apply", options);
    if (choice === undefined) return null;
    if (choice === apply) return { keys };
    if (choice === search && ctx.ui.input) {
      filter = ((await ctx.ui.input("Filter modes", "text in key, label or description")) ?? "").trim().toLowerCase();
      continue;
    }
    const index = lines.indexOf(choice);
    if (index >= 0) keys = toggle(keys, shown[index]!);
  }
  return null;
}

/** A dependency-free TUI component: type to search, up/down, space/tab toggle, enter apply, esc cancel. */
function createPicker(
  session: SessionCommands,
  ctx: CtxPort,
  initial: string[],
  tui: TuiPort,
  kb: KeybindingsPort,
  done: (value: Picked | null) => void,
): ComponentPort {
  let keys = [...initial];
  let filter = "";
  let cursor = 0;
  const is = keyMatcherOf(kb);
  const visible = () => rankModes(session, filter);
  const refresh = () => tui?.requestRender?.();
  return {
    render(width: number): string[] {
      const w = Math.max(10, width);
      const shown = visible();
      cursor = Math.min(cursor, Math.max(0, shown.length - 1));
      const lines = [
        "forge modes: type to search, space toggles, enter applies, esc cancels",
        `search: ${filter}`,
        ...shown.slice(0, 20).map((k, i) => `${i === cursor ? ">" : " "} [${keys.includes(k) ? keys.indexOf(k) + 1 : " "}] ${modeLine(session, k)}`),
        ...(shown.length === 0 ? ["  (no mode matches)"] : []),
        summarizeCandidate(session, ctx, keys),
      ];
      const violations = keys.length > 0 ? checkContracts(session.catalog(), splitForCheck(session, keys)) : [];
      if (violations.length > 0) lines.push(`contracts: ${violations.join("; ")}`);
      return lines.map((l) => fitWidth(visibleText(l), w));
    },
    invalidate(): void {},
    handleInput(data: string): void {
      const shown = visible();
      if (is(data, "tui.select.cancel", "\u001b")) return done(null);
      if (is(data, "tui.select.confirm", "\r", "\n")) return done({ keys });
      if (is(data, "tui.select.up", "\u001b[A")) cursor = Math.max(0, cursor - 1);
      else if (is(data, "tui.select.down", "\u001b[B")) cursor = Math.min(Math.max(0, shown.length - 1), cursor + 1);
      else if (data === " " || data === "\t") {
        const key = shown[cursor];
        if (key) keys = toggle(keys, key);
      } else if (is(data, "tui.editor.deleteCharBackward", "\u007f", "\b")) filter = filter.slice(0, -1);
      else if (/^[\x21-\x7e]$/.test(data)) {
        filter += data.toLowerCase();
        cursor = 0;
      }
      refresh();
    },
  };
}

function splitForCheck(session: SessionCommands, keys: string[]) {
  const base = keys.find((k) => session.catalog().modes.get(k)?.mode.strategy !== "append") ?? null;
  return { base, overlays: keys.filter((k) => k !== base) };
}
