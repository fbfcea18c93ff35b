// The studio tests' project: overlays with slots and contracts, a replace_base and a replace_final mode, a preset over a
// built-in mode, and a mode whose label, prompt and prompt file name are hostile HTML (it must show as text).
export const HOSTILE_FILE = "prompts/<img src=x onerror=window.__pwned=3>.md";

export const FIXTURE: Record<string, string> = {
  "modes/focus.yaml": `label: Focus
description: Keep answers short and on the task at hand.
strategy: append
prompt: |
  Stay on the task in front of you in {{cwd}}. Today is {{date}}. {{> house-style}}
before: [ship-check]
thinking: low
tools: [read, grep, edit]
`,
  "modes/ship-check.yaml": `label: Ship check
description: Before saying a change is done, list the evidence that it works.
strategy: append
promptFile: ../prompts/ship-check.md
requires: [focus]
model: openai/gpt-5
tools: [read, edit, bash]
`,
  "modes/architect.yaml": `label: Architect
description: Design before building.
strategy: replace_base
prompt: You design systems for {{model}} users.
`,
  "modes/exact.yaml": `label: Exact
description: The whole prompt, nothing added.
strategy: replace_final
prompt: |
  Only this prompt.
`,
  "modes/hostile.yaml": `label: <img src=x onerror="window.__pwned=1">
description: <script>window.__pwned=2</script>
strategy: append
promptFile: "../${HOSTILE_FILE}"
`,
  [HOSTILE_FILE]: "<script>window.__pwned=5</script><b>not bold</b>\n",
  "partials/house-style.md": "Answer in plain sentences; no preamble.\n",
  "prompts/ship-check.md":
    "Before you call a change done, list:\n1. the command you ran to verify it, and its result;\n2. anything you could not verify, and why.\n",
  "presets/shipping.yaml": `description: Focused work that ends with evidence, plus the built-in review overlay.
overlays: [focus, ship-check, review]
systemUpdates:
  - id: freeze
    name: Code freeze
    description: Only bug fixes until the release is cut.
    content: We are in a code freeze.
`,
  "presets/design.yaml": `description: Design first, with focus.
base: architect
overlays: [focus]
driftPolicy: warn
`,
};

/** The same files under `.pi/forge/` of a project root, for writeTree. */
export function projectFiles(overrides: Record<string, string> = {}): Record<string, string> {
  const all = { ...FIXTURE, ...overrides };
  return Object.fromEntries(Object.entries(all).map(([path, text]) => [`.pi/forge/${path}`, text]));
}
