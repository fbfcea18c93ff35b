// The files `forge init` scaffolds: a commented example mode, preset, partial and prompt test that build and pass.

/** `# yaml-language-server: $schema=...` so editors complete and check the YAML against the shipped schema. */
function schemaLine(schemaRef: string): string {
  return `# yaml-language-server: $schema=${schemaRef}\n`;
}

export function exampleModeYaml(schemaRef: string): string {
  return (
    schemaLine(schemaRef) +
    `# A forge mode: one prompt profile. The key is the file stem, so this mode is "small-steps".
# Rebuild after editing: \`npx --no-install forge build\` writes .pi/forge/bundle.json (commit it).
# (--no-install runs this repo's own forge, never an unrelated npm package that is also called "forge".)

# Short label, used as the section heading of an append overlay.
label: Small steps
# One or two sentences shown in selectors and previews.
description: Asks for small, verified changes. Edit it, or copy it to start a new mode.
# append:        added after the current base prompt, as an ordered overlay
# replace_base:  replaces Pi's base prompt; Pi still adds tools, context files, skills, date and cwd
# replace_final: the exact final prompt; nothing else is added
strategy: append
# A handlebars template. {{> name}} inlines partials/<name>.md at build time.
# Runtime variables: {{cwd}} {{date}} {{time}} {{model}} {{os}} {{mode}} {{preset}}
# ({{time}} changes on every request and defeats prompt caching; prefer {{date}}).
# To keep the text in its own file, use \`promptFile: ../partials/my-text.md\` instead of \`prompt\`.
prompt: |
  You are working in {{cwd}}.
  {{> small-steps}}

# Contracts (optional; lists of mode keys, checked for every preset, never auto-fixed):
# requires: [review]        # must be selected together with these
# conflictsWith: [plan]     # must not be selected together with these
# before: [review]          # when both are selected, this overlay comes first
# after: [plan]             # when both are selected, this overlay comes later

# Preferences (optional), applied when the mode is activated:
# model: anthropic/claude-sonnet-4-5
# thinking: medium
# tools: [read, grep, find, ls]   # an allow-list: it can only narrow the active tools
`
  );
}

export function examplePresetYaml(schemaRef: string): string {
  return (
    schemaLine(schemaRef) +
    `# A forge preset: a named, checked composition of modes. The key is the file stem ("example").
# Try it: \`npx --no-install forge preview --preset example\`, then in Pi: /preset use example

description: The small-steps overlay on top of Pi's own base prompt.
# base: an optional mode with strategy replace_base or replace_final (default: Pi's native base).
# overlays: ordered append modes, yours or the built-in ones (plan, implement, review, explain, test-first).
overlays:
  - small-steps
# driftPolicy: block | warn | allow. What happens when a selected mode changed since activation.
# systemUpdates: dormant instruction blocks, switched on mid-session (/system-update), or by the
# agent itself when modelCallable is true. Use \`content\` inline or \`file\` (relative to this file).
systemUpdates:
  - id: wrap-up
    name: Wrap up
    description: Stop starting new work; summarize what was done and what is left.
    modelCallable: false
    content: |
      Stop starting new work. Finish the step in progress, then reply with:
      1. what changed, file by file;
      2. how it was verified (commands and their results);
      3. what is left or uncertain.
`
  );
}

export const EXAMPLE_PARTIAL_MD = `Work in small steps. Before you edit a file, read it. After each change, run the
narrowest check that proves it works (a test, a type check, or the command itself) and
report its result. If something is unclear, ask one precise question instead of guessing.
`;

export function exampleTestYaml(schemaRef: string): string {
  return (
    schemaLine(schemaRef) +
    `# Prompt tests: what the model gets with a selection, checked in CI. Run \`npx --no-install forge test\`
# (no Pi, no model: forge composes the prompt with the extension's own code and each host's layout) or
# \`npx --no-install forge test --pi\` (the Pi installed here, against a local capture server; no API key).
# \`npx --no-install forge test --update\` writes the snapshot files beside this one: review and commit them.
tests:
  - name: example
    # The selection: a preset, or modes in order (modes: [small-steps]).
    preset: example
    # System-update blocks of the preset switched on before the prompt:
    # updates: [wrap-up]
    # Hosts: pi-0.73 (one prompt string) and pi-1 (prompt sections); default both.
    # hosts: [pi-0.73, pi-1]
    # Fixed inputs (defaults shown), and paths the agent read first, so path rules switch on:
    # inputs: { cwd: /repo, model: forge-test/capture, os: linux, date: 2026-01-15T09:30, touched: [src/db/schema.sql] }
    assert:
      # A text, or a linear-time pattern (RE2 syntax).
      contains: ["Work in small steps", { pattern: "read it|run the narrowest check" }]
      notContains: ["TODO"]
      # These texts appear in this order.
      order: ["# Small steps", "# System update blocks"]
      # The always-on tokens forge adds (o200k_base, as forge explain prints them).
      tokens: { max: 1000 }
      # sections: [forge-small-steps, forge-updates]        # Pi 1.x's prompt sections
      # tools: { excludes: [bash] }                        # or exactly / includes
      # edits: { allowed: [src/app.ts], refused: [.env] }  # forge explain --path's verdict
      # rules: { on: [db-schema] }                         # switched on by the touched paths
      # The exact prompt, kept in example.snap/ beside this file.
      snapshot: true
`
  );
}
