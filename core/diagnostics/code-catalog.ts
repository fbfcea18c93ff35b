// The catalog of every compiler diagnostic code: severity, one-line summary and an example source for the docs.
import type { Severity } from "../diagnostic.js";

export interface DiagnosticCodeInfo {
  code: string;
  severity: Severity;
  summary: string;
  /** A small source snippet (file path first) that triggers the code; shown in the README. */
  example: string;
}

// Order follows the phases (decode, parse, validate, link, templates) so the docs read top to bottom.
export const DIAGNOSTIC_CODES: readonly DiagnosticCodeInfo[] = [
  { code: "too_many_files", severity: "error", summary: "More files under the forge root than the documented bound.", example: "# .pi/forge/ holds more than 5000 files" },
  { code: "file_too_large", severity: "error", summary: "A file is larger than the documented byte bound.", example: "# modes/huge.yaml is larger than 262144 bytes" },
  { code: "invalid_utf8", severity: "error", summary: "A file is not valid UTF-8.", example: "# modes/plan.yaml contains the byte 0xFF" },
  { code: "utf8_bom", severity: "warning", summary: "A file starts with a UTF-8 byte order mark; it is ignored.", example: "# modes/plan.yaml starts with EF BB BF" },
  { code: "mixed_line_endings", severity: "error", summary: "A file mixes CRLF and LF line endings.", example: "label: Plan\\r\\ndescription: x\\n" },
  { code: "yaml_syntax_error", severity: "error", summary: "The YAML (or JSON) text does not parse.", example: "# modes/plan.yaml\nlabel: [Plan" },
  { code: "yaml_warning", severity: "warning", summary: "The YAML parser warned, e.g. about an unknown tag.", example: "# modes/plan.yaml\nlabel: !custom Plan" },
  { code: "invalid_json", severity: "error", summary: "A .json source is not strict JSON (comments, trailing commas...).", example: '// modes/plan.json\n{ "label": "Plan", }' },
  { code: "duplicate_key", severity: "error", summary: "The same key appears twice in one mapping.", example: "# modes/plan.yaml\nlabel: Plan\nlabel: Planning" },
  { code: "invalid_key", severity: "error", summary: "A mode, preset or partial file name is not a valid key (^[a-z][a-z0-9-]*$).", example: "# modes/Plan_Mode.yaml -> rename to modes/plan-mode.yaml" },
  { code: "reserved_key", severity: "error", summary: "A key such as __proto__, constructor or prototype is used as a file stem or YAML key.", example: "# modes/plan.yaml\n__proto__: {}" },
  { code: "duplicate_definition", severity: "error", summary: "Two files define the same key (e.g. plan.yaml and plan.json).", example: "# modes/plan.yaml and modes/plan.json both exist" },
  { code: "unrecognized_source_file", severity: "warning", summary: "A file in modes/ or presets/ is not a .yaml, .yml or .json file directly in that folder.", example: "# modes/plan.txt" },
  { code: "unknown_field", severity: "error", summary: "A field that the schema does not define.", example: "# modes/plan.yaml\npromt: You plan." },
  { code: "missing_field", severity: "error", summary: "A required field is absent.", example: "# modes/plan.yaml\nlabel: Plan\nprompt: You plan.\n# description and strategy missing" },
  { code: "wrong_type", severity: "error", summary: "A value has the wrong type.", example: "# modes/plan.yaml\nrequires: review   # must be a list" },
  { code: "invalid_value", severity: "error", summary: "A value is not one of the allowed values or does not match the pattern.", example: "# modes/plan.yaml\nstrategy: prepend" },
  { code: "too_long", severity: "error", summary: "A string or list exceeds its maximum length.", example: "# modes/plan.yaml\nlabel: <more than 80 characters>" },
  { code: "too_short", severity: "error", summary: "A string is shorter than its minimum length (e.g. empty).", example: '# modes/plan.yaml\nlabel: ""' },
  { code: "prompt_conflict", severity: "error", summary: "Both prompt and promptFile (or content and file of a system update) are given.", example: "# modes/plan.yaml\nprompt: You plan.\npromptFile: plan.md" },
  { code: "prompt_missing", severity: "error", summary: "Neither prompt nor promptFile (or neither content nor file of a system update) is given.", example: "# modes/plan.yaml\nlabel: Plan\ndescription: x\nstrategy: append" },
  { code: "duplicate_list_entry", severity: "warning", summary: "A contract or tools list names the same entry twice; the duplicate is dropped.", example: "# modes/plan.yaml\nrequires: [review, review]" },
  { code: "path_escapes_root", severity: "error", summary: "A promptFile/file path (or a symlink) leaves the forge root.", example: "# modes/plan.yaml\npromptFile: ../../etc/passwd" },
  { code: "file_not_found", severity: "error", summary: "A promptFile/file path names no file under the forge root.", example: "# modes/plan.yaml\npromptFile: prompts/missing.md" },
  { code: "unknown_mode", severity: "error", summary: "A preset names a mode that is neither in this bundle nor built in.", example: "# presets/daily.yaml\noverlays: [reveiw]" },
  { code: "invalid_base", severity: "error", summary: "A preset base is not a replace_base or replace_final mode.", example: "# presets/daily.yaml\nbase: review   # review is an append mode" },
  { code: "invalid_overlay", severity: "error", summary: "A preset overlay is not an append mode (a preset has at most one base).", example: "# presets/daily.yaml\noverlays: [architect]   # architect is replace_base" },
  { code: "duplicate_overlay", severity: "error", summary: "A preset lists the same overlay twice.", example: "# presets/daily.yaml\noverlays: [review, review]" },
  { code: "duplicate_update_id", severity: "error", summary: "Two system updates of one preset share an id.", example: "# presets/daily.yaml\nsystemUpdates:\n  - { id: strict, ... }\n  - { id: strict, ... }" },
  { code: "contract_requires", severity: "error", summary: "A selected mode requires a component the preset does not select.", example: "# modes/review.yaml: requires: [plan]\n# presets/daily.yaml\noverlays: [review]" },
  { code: "contract_conflict", severity: "error", summary: "A preset selects two components where one declares conflictsWith the other.", example: "# modes/terse.yaml: conflictsWith: [verbose]\n# presets/daily.yaml\noverlays: [terse, verbose]" },
  { code: "exact_base_with_overlays", severity: "error", summary: "A preset combines a replace_final base (the exact final prompt) with overlays, which would be silently dropped.", example: "# modes/exact.yaml: strategy: replace_final\n# presets/daily.yaml\nbase: exact\noverlays: [review]" },
  { code: "contract_order", severity: "error", summary: "A preset orders overlays against a before/after contract.", example: "# modes/plan.yaml: before: [review]\n# presets/daily.yaml\noverlays: [review, plan]" },
  { code: "unknown_contract_reference", severity: "warning", summary: "A contract names a mode that exists neither in this bundle nor built in (it may live in another scope).", example: "# modes/plan.yaml\nrequires: [reveiw]" },
  { code: "template_syntax_error", severity: "error", summary: "A prompt is not a valid handlebars template.", example: '# modes/plan.yaml\nprompt: "Hello {{cwd"' },
  { code: "unknown_variable", severity: "error", summary: "A {{variable}} that is not one of cwd, date, time, model, os, mode, preset.", example: '# modes/plan.yaml\nprompt: "Working in {{cdw}}"' },
  { code: "triple_stash", severity: "error", summary: "{{{x}}} is not allowed; variables are always inserted raw, write {{x}}.", example: '# modes/plan.yaml\nprompt: "In {{{cwd}}}"' },
  { code: "unsupported_helper", severity: "error", summary: "Helpers, parameters and hash arguments ({{x y}}, {{x k=v}}) are not allowed.", example: '# modes/plan.yaml\nprompt: "{{upper cwd}}"' },
  { code: "unsupported_block", severity: "error", summary: "Block statements ({{#if}}, {{#each}}, {{^x}}) are not allowed.", example: '# modes/plan.yaml\nprompt: "{{#if model}}x{{/if}}"' },
  { code: "unsupported_partial_block", severity: "error", summary: "Partial blocks ({{#> name}}...{{/name}}) are not allowed.", example: '# modes/plan.yaml\nprompt: "{{#> rules}}fallback{{/rules}}"' },
  { code: "dynamic_partial", severity: "error", summary: "Dynamic partials and partial arguments ({{> (x)}}, {{> p ctx}}, {{> p k=v}}) are not allowed.", example: '# modes/plan.yaml\nprompt: "{{> (lookup . \'p\')}}"' },
  { code: "unsupported_decorator", severity: "error", summary: "Decorators ({{* x}}) are not allowed.", example: '# modes/plan.yaml\nprompt: "{{* inline}}"' },
  { code: "missing_partial", severity: "error", summary: "{{> name}} names no partials/<name>.md file.", example: '# modes/plan.yaml\nprompt: "{{> rules}}"   # partials/rules.md missing' },
  { code: "partial_cycle", severity: "error", summary: "Partials include each other in a cycle.", example: "# partials/a.md: {{> b}}\n# partials/b.md: {{> a}}" },
  { code: "partial_too_deep", severity: "error", summary: "Partials nest deeper than the documented bound (16).", example: "# partials/p1.md includes p2, which includes p3, ... p17" },
  { code: "prompt_too_large", severity: "error", summary: "A lowered prompt (partials inlined) exceeds the documented character bound (65536).", example: "# modes/plan.yaml\nprompt: \"{{> huge}}{{> huge}}\"" },
  { code: "volatile_time", severity: "warning", summary: "{{time}} changes on every request, which defeats prompt caching.", example: '# modes/plan.yaml\nprompt: "It is {{time}}."' },
  { code: "date_variable", severity: "info", summary: "{{date}} changes once a day, invalidating the prompt cache daily.", example: '# modes/plan.yaml\nprompt: "Today is {{date}}."' },
  { code: "empty_prompt", severity: "warning", summary: "A prompt or system update lowers to no text at all.", example: '# modes/plan.yaml\nprompt: ""' },
  // Import (`forge import`): about another tool's input files, not forge sources; constructors in import-codes.ts.
  { code: "import_unreadable", severity: "error", summary: "An import input is missing, unreadable, not JSON/YAML, or not the format's top-level shape; nothing is written.", example: '// ~/.pi/agent/modes/plan.json\n{ "key": "plan", "label": "Plan", ' },
  { code: "import_invalid_entry", severity: "warning", summary: "An input entry cannot become a forge mode (no key, label or prompt text, or not an object); it is skipped.", example: '// ~/.pi/agent/modes/draft.json\n{ "key": "draft", "label": "Draft" }   // no opener, appendix or systemPrompt' },
  { code: "import_invalid_value", severity: "warning", summary: "An input field has the wrong type or an unusable value; that field is left out.", example: '// .pi/presets.json\n{ "plan": { "thinkingLevel": "max" } }' },
  { code: "import_unsupported_field", severity: "warning", summary: "An input field has no forge equivalent (removeSections, groups, fileRegex, whenToUse, a model without provider...); it is not imported.", example: '// ~/.pi/agent/modes/lean.json\n{ "key": "lean", "label": "Lean", "opener": "Be brief.", "removeSections": ["skills"] }' },
  { code: "import_unknown_field", severity: "warning", summary: "An input field the format does not define; it is not imported.", example: '// ~/.pi/agent/modes/plan.json\n{ "key": "plan", "label": "Plan", "promptStrategy": "append", "prompt": "x", "colour": "blue" }' },
  { code: "import_key_renamed", severity: "info", summary: "An input key, slug or name was normalized into a forge key (^[a-z][a-z0-9-]*$).", example: '// ~/.pi/agent/modes/deep_work.json\n{ "key": "deep_work", ... }   // -> modes/deep-work.yaml' },
  { code: "import_key_collision", severity: "error", summary: "Two input entries become the same forge key; nothing is written.", example: '// ~/.pi/agent/modes/a.json: { "key": "Review", ... }\n// ~/.pi/agent/modes/b.json: { "key": "review", ... }' },
  { code: "import_shadows_builtin", severity: "info", summary: "An imported mode has the key of a built-in forge mode, which it replaces wherever its scope applies.", example: '// ~/.pi/agent/modes/review.json\n{ "key": "review", "label": "Review", "opener": "Review it." }' },
  { code: "import_strategy_defaulted", severity: "info", summary: "The forge strategy was derived from the input's shape (legacy pi-modes v1 files, Roo roleDefinition).", example: '// ~/.pi/agent/modes/architect.json (no promptStrategy)\n{ "key": "architect", "label": "Architect", "systemPrompt": "You design systems." }' },
  { code: "import_text_joined", severity: "info", summary: "Several input text fields were joined into one prompt, separated by a blank line.", example: "# .roomodes\ncustomModes:\n  - slug: docs\n    roleDefinition: You write docs.\n    customInstructions: Use short sentences." },
  { code: "import_tools_narrow_only", severity: "info", summary: "A Pi preset's tools replace the active tools; forge's tools can only narrow them.", example: '// .pi/presets.json\n{ "plan": { "tools": ["read", "grep"] } }' },
  { code: "import_no_prompt", severity: "warning", summary: "An input entry has no prompt text; its mode gets an empty prompt so its preferences still apply.", example: '// .pi/presets.json\n{ "fast": { "provider": "anthropic", "model": "claude-haiku-4-5" } }' },
  { code: "import_value_too_long", severity: "warning", summary: "A label or description over forge's bound was shortened, or a prompt over it made the entry be skipped.", example: "# .roomodes\ncustomModes:\n  - slug: docs\n    whenToUse: <more than 500 characters>" },
  { code: "import_file_exists", severity: "error", summary: "An imported source would overwrite an existing file; nothing is written unless --force is given.", example: "# .pi/forge/modes/plan.yaml exists\nforge import pi-modes ~/.pi/agent/modes" },
];

export function severityOf(code: string): Severity {
  const info = DIAGNOSTIC_CODES.find((c) => c.code === code);
  if (!info) throw new Error(`unknown diagnostic code ${code}`);
  return info.severity;
}
