// Example snippets per source field, used by validation messages so each diagnostic shows a fix.
import modeSchema from "../../schema/mode.schema.json" with { type: "json" };
import presetSchema from "../../schema/preset.schema.json" with { type: "json" };
import ruleSchema from "../../schema/rule.schema.json" with { type: "json" };
import commonSchema from "../../schema/common.schema.json" with { type: "json" };
import configSchema from "../../schema/forge-config.schema.json" with { type: "json" };
import policySchema from "../../schema/policy.schema.json" with { type: "json" };
import testSchema from "../../schema/test.schema.json" with { type: "json" };

const FIELD_EXAMPLES: Readonly<Record<string, string>> = {
  $schema: '$schema: "../../node_modules/pi-forge-modes/schema/mode.schema.json"',
  label: "label: Plan",
  description: 'description: "Plan before coding."',
  strategy: "strategy: append",
  prompt: 'prompt: "You are in plan mode."',
  promptFile: "promptFile: ../prompts/plan.md",
  requires: "requires: [plan]",
  conflictsWith: "conflictsWith: [yolo]",
  before: "before: [review]",
  after: "after: [plan]",
  model: "model: anthropic/claude-sonnet-4-5",
  thinking: "thinking: medium",
  tools: "tools: [read, grep]",
  base: "base: architect",
  overlays: "overlays: [plan, review]",
  driftPolicy: "driftPolicy: block",
  systemUpdates: 'systemUpdates: [{ id: strict-tests, name: Strict tests, description: Run tests, content: "Run the tests." }]',
  id: "id: strict-tests",
  name: "name: Strict tests",
  modelCallable: "modelCallable: false",
  content: 'content: "Run the tests after every change."',
  file: "file: ../updates/strict-tests.md",
  edits: "edits: { allow: [docs/**], deny: [docs/generated/**] }",
  allow: "allow: [docs/**, README.md]",
  allowRegex: 'allowRegex: ["\\\\.(md|mdx)$"]',
  deny: "deny: [.env, secrets/**]",
  when: "when: { paths: [src/db/**, migrations/*.sql] }",
  paths: "paths: [src/db/**]",
  extends: "extends: review",
  extendsPrompt: "extendsPrompt: replace",
  libraries: 'libraries: ["@acme/forge-house"]',
  contextFiles: "contextFiles: nested",
  budget: "budget: { alwaysOn: 4000, block: 800 }",
  alwaysOn: "budget: { alwaysOn: 4000 }",
  block: "budget: { block: 800 }",
  signedBy: 'signedBy: { "@acme/forge-house": ["<the 64-digit fingerprint forge key new printed>"] }',
  trust: "trust: forge",
  mcp: "mcp: [docs]",
  mcpServers: "mcpServers: { docs: { command: npx, args: [-y, docs-mcp-server], exposure: direct } }",
  command: "command: npx",
  type: "type: stdio",
  url: "url: https://example.com/mcp",
  exposure: "exposure: direct",
  trustReadOnlyHints: "trustReadOnlyHints: true",
  toolDelivery: "toolDelivery: gate",
  policy: 'policy: { package: "@acme/team-policy", signedBy: ["<the 64-digit fingerprint of the policy\'s signer>"] }',
  expectPolicy: 'expectPolicy: { package: "@acme/team-policy", signedBy: ["<the 64-digit fingerprint of the policy\'s signer>"] }',
  package: 'package: "@acme/team-policy"',
  requireOverlays: "requireOverlays: [security]",
  strategies: "strategies: [append, replace_base]",
  requireSigners: 'requireSigners: ["<the 64-digit fingerprint of the team\'s signer>"]',
  tests: "tests: [{ name: shipping, preset: shipping, assert: { snapshot: true } }]",
  assert: 'assert: { contains: ["Stay on the task"], snapshot: true }',
  expect: 'expect: { contains: ["evidence"] }',
  updates: "updates: [freeze]",
  hosts: "hosts: [pi-0.73, pi-1]",
  inputs: "inputs: { cwd: /repo, model: openai/gpt-5, date: 2026-01-15, touched: [src/db/schema.sql] }",
  cwd: "cwd: /repo",
  os: "os: linux",
  date: "date: 2026-01-15T09:30",
  touched: "touched: [src/db/schema.sql]",
  contains: 'contains: ["Stay on the task", { pattern: "evidence|proof" }]',
  notContains: 'notContains: ["TODO"]',
  pattern: 'pattern: "evidence|proof"',
  order: 'order: ["# Focus", "# Ship check"]',
  tokens: "tokens: { max: 2000 }",
  max: "tokens: { max: 2000 }",
  min: "tokens: { min: 10 }",
  sections: "sections: [forge-focus, forge-updates]",
  exactly: "exactly: [read, grep]",
  includes: "includes: [read]",
  excludes: "excludes: [bash]",
  allowed: "allowed: [src/app.ts]",
  refused: "refused: [.env]",
  rules: "rules: { on: [db-schema] }",
  on: "on: [db-schema]",
  off: "off: [api-style]",
  snapshot: "snapshot: true",
  callsTool: "callsTool: [read]",
  noEditOutsideLimit: "noEditOutsideLimit: true",
};

export function exampleFor(field: string): string {
  return FIELD_EXAMPLES[field] ?? "label: Plan";
}

/** Follows the systemUpdates item $ref ("#/$defs/<name>"), so renaming the definition cannot break this. */
function updateFields(): string[] {
  const ref = presetSchema.properties.systemUpdates.items.$ref;
  const defs = presetSchema.$defs as Record<string, { properties?: Record<string, unknown> }>;
  const def = defs[ref.replace("#/$defs/", "")];
  if (!def?.properties) throw new Error(`preset schema: cannot resolve ${ref}`);
  return Object.keys(def.properties);
}

/** Allowed field names per object kind, read from the schemas (the single source of truth). */
export const ALLOWED_FIELDS = {
  mode: Object.keys(modeSchema.properties),
  preset: Object.keys(presetSchema.properties),
  update: updateFields(),
  rule: Object.keys(ruleSchema.properties),
  edits: Object.keys(modeSchema.properties.edits.properties),
  when: Object.keys(commonSchema.$defs.pathTriggerSource.properties),
  config: Object.keys(configSchema.properties),
  policy: Object.keys(policySchema.properties),
  policyRef: Object.keys(configSchema.$defs.policyRef.properties),
  budget: Object.keys(commonSchema.$defs.budget.properties),
  mcpServer: Object.keys(commonSchema.$defs.mcpServerConfig.properties),
  testFile: Object.keys(testSchema.properties),
  test: Object.keys(testSchema.$defs.test.properties),
  testInputs: Object.keys(testSchema.$defs.inputs.properties),
  testAssert: Object.keys(testSchema.$defs.assertions.properties),
  testExpect: Object.keys(testSchema.$defs.expectations.properties),
  testTokens: Object.keys(testSchema.$defs.assertions.properties.tokens.properties),
  testEdits: Object.keys(testSchema.$defs.assertions.properties.edits.properties),
  testRules: Object.keys(testSchema.$defs.assertions.properties.rules.properties),
  testNameSet: Object.keys(testSchema.$defs.nameSet.oneOf[1]!.properties!),
} as const;
