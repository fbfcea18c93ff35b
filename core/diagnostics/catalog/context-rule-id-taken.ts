// context_rule_id_taken (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "context_rule_id_taken";
export const severity = "error";
export const summary = "A rules/ file takes the id a nested context file's rule gets (context- and its directory).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": "contextFiles: nested\n",
    "rules/context-packages-api.yaml": "name: API\ndescription: API rules.\nwhen:\n  paths: [packages/api/**]\ncontent: Validate input first.\n",
  },
  project: {
    "packages/api/AGENTS.md": "Use the API client.\n",
  },
};

export const contextRuleIdTaken = (w: Where, id: string, path: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the rule id "${id}" is the one the context file ${path} gets as a rule (context- and its directory); rename this file (e.g. rules/api-rules.yaml), since both would switch on for the same paths under one id.`,
  );
