// Phase 4, context: with forge.yaml's `contextFiles: nested`, each nested context file the I/O edge read (the AGENTS.md
// or CLAUDE.md of a directory below the project root) becomes a path rule for its directory: `<dir>/**`, its id naming
// the directory, its text the file's own under a heading that names the file.
import { contextDirectory, contextRuleGlob, contextRuleId, contextRuleText } from "../../core/context-files.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import type { PathTrigger, Segment } from "../../generated/types.js";
import {
  contextFileSkipped,
  contextFilesNotProject,
  contextFilesTooMany,
  contextFilesUnreadable,
  contextFileTooLarge,
  contextRuleIdTaken,
} from "../diagnostics/codes.js";
import type { DecodedContext, DecodedContextFile } from "./1-decode.js";
import type { Validated } from "./3-validate.js";
import { compileGlob } from "./path-patterns.js";
import type { Phase } from "./pipeline.js";
import { whereAt } from "./yaml-positions.js";

/** What one context file compiles to, whatever id it gets (kept while the file's text is the same). */
export interface ContextEntry {
  /** The file, project-relative (NFC): the rule's name and `contextFile`. */
  path: string;
  /** Its directory, the rule's scope. */
  dir: string;
  when: PathTrigger;
  content: Segment[];
}

/** A context file as a rule of the bundle. */
export interface ContextRule {
  key: string;
  /** The file seen from the forge root (`../../packages/api/AGENTS.md`): the rule's `source`, and where diagnostics point. */
  source: string;
  entry: ContextEntry;
}

/** A context file's rule as the bundle names it: after the file, for work in its directory. */
export function contextRuleLabel(entry: ContextEntry): { name: string; description: string } {
  return { name: entry.path, description: `${entry.path}: instructions for work in ${entry.dir}/` };
}

/** The value of phase 4: the validated sources and the rules the nested context files compile to. */
export interface Contextual extends Validated {
  contextRules: readonly ContextRule[];
}

/** One file: its entry, or the diagnostic that leaves it out (null: an empty file, which has nothing to say). */
function compileContextFile(file: DecodedContextFile, at: string): ContextEntry | Diagnostic | null {
  const path = file.path.normalize("NFC");
  const where = atFile(at);
  if (file.tooLarge) return contextFileTooLarge(where, path, `it has more than ${LIMITS.maxFileBytes} bytes`, LIMITS.maxPromptChars);
  if (file.text === null) return contextFileSkipped(where, path, file.problem ?? "cannot be read");
  // The final line break ends the file's last line; it is not part of what the file says.
  const text = file.text.replace(/\n+$/, "");
  if (text.trim() === "") return null;
  const content = contextRuleText(path, text);
  if (content.length > LIMITS.maxPromptChars)
    return contextFileTooLarge(where, path, `it is ${content.length} characters with its heading`, LIMITS.maxPromptChars);
  const dir = contextDirectory(path);
  const glob = compileGlob(contextRuleGlob(dir));
  if (!glob.ok) return contextFileSkipped(where, path, `has a directory name forge cannot match as a path (${glob.detail})`);
  return { path, dir, when: { paths: [glob.pattern] }, content: [{ text: content }] };
}

/** `base`, or with the first free `-2`, `-3`... (trimmed to the key length): two directories that name one id. */
function freeId(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const id = `${base.slice(0, LIMITS.maxKeyLength - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!used.has(id)) return id;
  }
}

function problemDiagnostic(context: DecodedContext, where: ReturnType<typeof whereAt>): Diagnostic | null {
  const problem = context.problem;
  if (problem === null) return null;
  return problem.kind === "too-many" ? contextFilesTooMany(where, problem.detail) : contextFilesUnreadable(where, problem.detail);
}

/** Phase 4 (a file's entry is kept while its decoded text is the same). */
export const compileContextFiles: Phase<Validated, Contextual> = (input, { options, memo }) => {
  const diagnostics: Diagnostic[] = [];
  const done = (contextRules: readonly ContextRule[] = []) => ({ value: { ...input, contextRules }, diagnostics });
  const config = input.valid.config;
  if (config === null || config.data.contextFiles !== "nested") return done();
  const setting = whereAt(config.source, ["contextFiles"]);
  if (options.scope !== "project") {
    diagnostics.push(contextFilesNotProject(setting, options.scope));
    return done();
  }
  // A tree read without the search (an in-memory compile) has no context files to compile.
  const context = input.context;
  if (context === null) return done();
  const problem = problemDiagnostic(context, setting);
  if (problem !== null) {
    diagnostics.push(problem);
    return done();
  }
  const at = (path: string) => `${context.fromForgeRoot}${path}`;
  for (const s of context.skipped) diagnostics.push(contextFileSkipped(atFile(at(s.path)), s.path, s.reason));
  const ruleFiles = new Map(input.parsed.rules.map((r) => [r.key, r.file] as const));
  const used = new Set<string>();
  const rules: ContextRule[] = [];
  for (const file of context.files) {
    const built = memo.reuse(
      "context",
      file.path,
      () => [file, context.fromForgeRoot],
      () => compileContextFile(file, at(file.path)),
    );
    if (built === null) continue;
    if ("code" in built) {
      diagnostics.push(built);
      continue;
    }
    const entry = built;
    const key = freeId(contextRuleId(entry.dir), used);
    used.add(key);
    const taken = ruleFiles.get(key);
    if (taken !== undefined) {
      diagnostics.push(contextRuleIdTaken(atFile(taken), key, entry.path));
      continue;
    }
    if (!KEY_PATTERN.test(key)) continue; // contextRuleId only makes keys; kept as a guard for the bundle's schema
    rules.push({ key, source: at(entry.path), entry });
  }
  return done(rules);
};
