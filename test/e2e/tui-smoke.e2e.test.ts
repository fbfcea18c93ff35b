// Smoke test of the real interactive TUI on each host, in a pseudo-terminal read through a terminal emulator (one Pi
// start per host): the /mode selector (search, toggles, the live result line, one notice on apply), then a drifted
// prompt under policy block held by the dialog before anything is sent, answered with "Reapprove and send"; then Tab
// completing arguments after a completed word (and a preset's blocks before any turn), and at 80 columns a notice whose
// long indented line keeps its indent. docs/guides/pi-extension.md shows the screens; this test holds them equal
// (FORGE_UPDATE_SCREENS=1 rewrites them).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildProject, commitProject, FORGE_EXTENSION, forgeBuild, forgeSuite, projectForgeDir, seedProjectTrust, writeMode } from "./harness/forge-project.js";
import { KEYS, startTui } from "./harness/tui-session.js";
import { systemPromptOf } from "../../scripts/demo/fake-server.js";
import { HOSTS, REPO_ROOT } from "../../scripts/demo/pi-host.js";

const suite = forgeSuite();
const GUIDE = join(REPO_ROOT, "docs/guides/pi-extension.md");
const ALPHA = "Alpha: cite files.";
const ALPHA_V2 = "Alpha: cite files and line numbers.";
const BETA = "Beta: be brief.";
const MODES = { alpha: { label: "Alpha", strategy: "append" as const, prompt: ALPHA }, beta: { label: "Beta", strategy: "append" as const, prompt: BETA } };

/** The rows of `screen` from the first that contains `first` through the first after it that contains `last`. */
function region(screen: string[], first: string, last: string): string {
  const from = screen.findIndex((l) => l.includes(first));
  const to = screen.findIndex((l, i) => i >= from && l.includes(last));
  expect(from, `no "${first}" on the screen:\n${screen.join("\n")}`).toBeGreaterThanOrEqual(0);
  expect(to, `no "${last}" on the screen:\n${screen.join("\n")}`).toBeGreaterThanOrEqual(from);
  return screen
    .slice(from, to + 1)
    .map((l) => l.trimEnd())
    .join("\n");
}

/** Holds the Pi extension guide's capture `name` equal to `text` (or rewrites it with FORGE_UPDATE_SCREENS=1). */
function expectReadmeScreen(name: string, text: string): void {
  const start = `<!-- screen:${name}:start -->\n\`\`\`text\n`;
  const end = `\n\`\`\`\n<!-- screen:${name}:end -->`;
  const readme = readFileSync(GUIDE, "utf8");
  const at = readme.indexOf(start);
  const until = readme.indexOf(end, at);
  expect(at, `docs/guides/pi-extension.md has no capture "${name}"`).toBeGreaterThanOrEqual(0);
  if (process.env.FORGE_UPDATE_SCREENS === "1") writeFileSync(GUIDE, readme.slice(0, at + start.length) + text + readme.slice(until));
  else expect(readme.slice(at + start.length, until)).toBe(text);
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: the interactive TUI", (_id, host) => {
  it("the /mode selector applies with one notice; a drifted prompt is held by the dialog and reapproved before it is sent", async () => {
    const env = await suite.env();
    // A preset with a block, for /system-update's completion after /preset use.
    mkdirSync(join(projectForgeDir(env.cwd), "presets"), { recursive: true });
    writeFileSync(
      join(projectForgeDir(env.cwd), "presets", "team.yaml"),
      "description: The team.\noverlays: [beta]\nsystemUpdates:\n  - { id: wrap-up, name: Wrap up, description: Summarize., content: Summarize what changed. }\n",
    );
    buildProject(env.cwd, MODES);
    seedProjectTrust(host, env);
    commitProject(env.cwd);
    suite.server.reset();
    const tui = startTui(host, { env, extensions: [FORGE_EXTENSION], args: ["--no-session"], cols: 100, rows: 40 });
    try {
      await tui.waitFor("────");
      tui.type("/mode");
      await tui.waitFor("Select forge prompt modes");
      tui.type(KEYS.enter);
      await tui.waitFor("forge modes: type to search");
      // Search narrows the list; space toggles; the order of toggling is the overlay order.
      tui.type("al");
      await tui.waitFor(/search: al\n> \[ \] alpha/);
      tui.type(KEYS.space);
      await tui.waitFor("[1] alpha");
      tui.type("\u007f\u007f");
      await tui.waitFor(/search: \n> \[1\] alpha/);
      tui.type(KEYS.down + KEYS.space);
      const picker = await tui.waitFor("[2] beta");
      const selector = region(picker, "forge modes: type to search", "result:");
      expect(selector).toMatch(/\nresult: native base \+ alpha \+ beta \| \d+ chars ~\d+ tokens$/);
      expectReadmeScreen("mode-selector", selector);
      tui.type(KEYS.enter);
      await tui.waitFor("forge: active overlays alpha, beta (drift policy block; was Pi's native prompt)");
      await tui.waitFor(/\nforge: alpha\+beta\s*$/);
      tui.type(`first${KEYS.enter}`);
      await tui.waitFor(/ first\s*\n\s*\n fake reply/);
      expect(suite.server.completions()).toHaveLength(1);

      // alpha rebuilt with a new text: the next prompt is held, and nothing is sent while the dialog is open.
      writeMode(projectForgeDir(env.cwd), "alpha", { ...MODES.alpha, prompt: ALPHA_V2 });
      forgeBuild({ root: env.cwd, agentDir: env.agentDir });
      tui.type(`second${KEYS.enter}`);
      const held = await tui.waitFor("Cancel: send nothing, keep the text in the editor");
      expect(suite.server.completions()).toHaveLength(1);
      const dialog = region(held, "forge: the selected modes drifted", "navigate");
      expect(dialog).toContain("Unchanged, and held back with them under policy block: beta");
      expectReadmeScreen("drift-dialog", dialog);
      tui.type(KEYS.enter); // the first answer: reapprove and send
      await tui.waitFor("(accepted: alpha); sending");
      await tui.waitFor(/ second\s*\n\s*\n fake reply/);

      // Issue 32: Tab after a completed word completes the next argument, not file names (both editors force files
      // there; forge wraps their autocomplete provider); a preset's blocks complete before any turn ran under it.
      const pause = () => new Promise((r) => setTimeout(r, 400));
      /** Closes a completion list, then empties the editor (Ctrl+U), each key on its own. */
      const clear = async () => {
        tui.type(KEYS.escape);
        await pause();
        tui.type(KEYS.ctrlU);
        await pause();
      };
      /** Types a command and submits it (a completion list open on its arguments takes the first Enter). */
      const submit = async (text: string) => {
        tui.type(text);
        await pause();
        tui.type(KEYS.escape);
        await pause();
        tui.type(KEYS.enter);
      };
      tui.type("/mode se");
      await tui.waitFor("select modes by key");
      tui.type(KEYS.tab); // takes "set "
      await pause();
      tui.type(KEYS.tab);
      const modes = await tui.waitFor(/alpha +append: Alpha/);
      const list = modes.slice(modes.findLastIndex((l) => l.includes("/mode set"))).join("\n");
      expect(list).toMatch(/beta +append: Beta/);
      expect(list).not.toContain("AGENTS.md");
      await clear();
      tui.type("/forge status ");
      await pause();
      tui.type(KEYS.escape);
      await pause();
      tui.type(KEYS.tab);
      await tui.waitFor("/forge status --json");
      await clear();
      await submit("/preset use team");
      await tui.waitFor("forge: active preset team");
      tui.type("/system-update use ");
      await pause();
      tui.type(KEYS.escape);
      await pause();
      tui.type(KEYS.tab);
      await tui.waitFor(/\/system-update use wrap-up/);
      await clear();

      // Issue 32: at 80 columns a notice's long indented line wraps with its indent kept.
      tui.resize(80, 40);
      await pause();
      await submit("/forge cost");
      const cost = await tui.waitFor("prefix rewrites:");
      const at = cost.findIndex((l) => l.includes("prefix rewrites:"));
      expect(cost[at]).toMatch(/^ {3}prefix rewrites: /);
      expect(cost[at + 1]).toMatch(/^ {3}\S/);
    } finally {
      await tui.close();
    }
    const requests = suite.server.completions();
    expect(requests).toHaveLength(2);
    expect(systemPromptOf(requests[1]!)).toContain(`# Alpha\n\n${ALPHA_V2}`);
    expect(systemPromptOf(requests[1]!)).toContain(`# Beta\n\n${BETA}`);
  }, 240_000);
});
