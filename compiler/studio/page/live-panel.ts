// The Live view and the header status: the latest read of the sources, its diagnostics, and the list of updates.
import type { StateData } from "../model/studio-api.js";
import { diagnosticList } from "./diagnostic-list.js";
import { byId, el, fill, time } from "./dom.js";

export function statusText(state: StateData): string {
  if (state.status === "ok") return `Sources compile (checked ${time(state.checkedAt)}).`;
  const kept = state.goodAt === null ? "nothing compiled yet" : `showing the last good state from ${time(state.goodAt)}`;
  if (state.status === "failed") return `The sources could not be read: ${state.message ?? "unknown"}; ${kept}.`;
  const errors = state.diagnostics.filter((d) => d.severity === "error");
  // Only the team policy's rules broken: the views show these sources, as Pi loads them and refuses what each reaches.
  if (state.policy?.status === "ok" && errors.every((d) => d.code.startsWith("policy_")) && state.goodAt === state.checkedAt)
    return `The sources break ${errors.length} rule(s) of the team policy ${state.policy.name}: Pi refuses what each reaches. See Live.`;
  return `The sources have ${errors.length} error(s): ${kept}. See Live.`;
}

export function renderLive(state: StateData): void {
  fill(byId("target"), [`${state.target.scope} sources in `, el("code", {}, [state.target.forgeRoot]), " · read-only"]);
  const status = byId("status");
  fill(status, [statusText(state)]);
  status.className = `status ${state.status}`;
  fill(byId("live-summary"), [
    el("p", { class: `live-status ${state.status}`, id: "live-status" }, [statusText(state)]),
    el("p", { class: "muted" }, [`Update ${state.generation}; last good state: ${time(state.goodAt)}.`]),
  ]);
  fill(byId("live-diagnostics"), state.diagnostics.length === 0 ? [el("p", { class: "muted" }, ["No diagnostics."])] : [diagnosticList(state.diagnostics)]);
  fill(
    byId("live-events"),
    [...state.events]
      .reverse()
      .map((e) =>
        el("li", { class: `event ${e.status}`, attrs: { value: String(e.generation) } }, [
          el("time", { attrs: { datetime: e.at } }, [time(e.at)]),
          ` ${e.status}: ${e.summary}`,
        ]),
      ),
  );
}
