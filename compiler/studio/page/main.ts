// The studio page's entry: tabs with keyboard navigation, the first load, and live updates from server-sent events.
import type { StateData } from "../model/studio-api.js";
import { api } from "./api.js";
import { refreshCompose, setupCompose } from "./compose-panel.js";
import { refreshDiff, runDiff, setupDiff } from "./diff-panel.js";
import { byId } from "./dom.js";
import { renderLibrary, setupLibrary } from "./library-panel.js";
import { renderLive } from "./live-panel.js";
import { setupSourceDialog } from "./source-panel.js";
import { refreshTests, setupTests } from "./tests-panel.js";

const VIEWS = ["library", "compose", "diff", "tests", "live"] as const;
type View = (typeof VIEWS)[number];

let diffStarted = false;
let testsStarted = false;

function select(view: View, focus: boolean): void {
  for (const v of VIEWS) {
    const tab = byId(`tab-${v}`);
    const on = v === view;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    byId(`panel-${v}`).hidden = !on;
    if (on && focus) tab.focus();
  }
  if (location.hash !== `#${view}`) history.replaceState(null, "", `#${view}`);
  // The default comparison (HEAD against the worktree) runs the first time the view is opened.
  if (view === "diff" && !diffStarted) {
    diffStarted = true;
    void runDiff("", "");
  }
  // The tests run the first time their view opens, then after every update of the sources.
  if (view === "tests" && !testsStarted) {
    testsStarted = true;
    void refreshTests();
  }
}

/** WAI-ARIA tabs: arrows move between tabs, Home/End jump, the selected tab alone is in the Tab order. */
function setupTabs(): void {
  for (const [i, v] of VIEWS.entries()) {
    const tab = byId(`tab-${v}`);
    tab.addEventListener("click", () => select(v, false));
    tab.addEventListener("keydown", (event) => {
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: VIEWS.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(VIEWS[(next + VIEWS.length) % VIEWS.length]!, true);
    });
  }
  const fromHash = location.hash.slice(1) as View;
  select(VIEWS.includes(fromHash) ? fromHash : "library", false);
}

let shown = -1;

async function update(): Promise<void> {
  let state: StateData;
  try {
    state = await api.state();
  } catch (err) {
    byId("status").textContent = `forge studio: ${(err as Error).message}`;
    return;
  }
  if (state.generation <= shown) return;
  shown = state.generation;
  renderLive(state);
  renderLibrary(state);
  await Promise.all([refreshCompose(state), refreshDiff(), testsStarted ? refreshTests() : undefined]);
  // For tests and the curious: which update of the sources every view now shows.
  document.body.dataset.generation = String(state.generation);
}

function listen(): void {
  const events = new EventSource("/api/events");
  events.addEventListener("sources", (event) => {
    const { generation } = JSON.parse((event as MessageEvent<string>).data) as { generation: number };
    if (generation > shown) void update();
  });
}

setupTabs();
setupLibrary();
setupCompose();
setupDiff();
setupSourceDialog();
setupTests();
void update().then(listen);
