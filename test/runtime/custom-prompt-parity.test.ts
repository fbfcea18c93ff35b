// Parity: forge's rebuild of Pi 0.73.1's custom-prompt branch equals the installed Pi's own buildSystemPrompt, byte for byte.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { legacyHostAdapter } from "../../runtime/host-adapter/index.js";
import type { PromptOptions } from "../../runtime/host-adapter/ports.js";

type PromptOptionsLike = PromptOptions & { toolSnippets?: Record<string, string>; promptGuidelines?: string[] };
import { buildLegacyCustomPrompt } from "../../core/legacy-custom-prompt.js";
// Not exported from the package index, so import the file by path (the legacy host runs on this Node 20).
import { buildSystemPrompt as piBuildSystemPrompt } from "../../node_modules/@mariozechner/pi-coding-agent/dist/core/system-prompt.js";

const piBuild = (options: PromptOptionsLike): string => piBuildSystemPrompt(options as Parameters<typeof piBuildSystemPrompt>[0]);

const skill = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `Use ${name} for <tasks> & "quotes" 'too'`,
  filePath: `/skills/${name}/SKILL.md`,
  baseDir: `/skills/${name}`,
  source: "user",
  ...extra,
});

const CONTEXT_FILES = [
  { path: "/repo/AGENTS.md", content: "# Rules\n\nUse tabs.\n" },
  { path: "/repo/sub/CLAUDE.md", content: "Be brief." },
];

const OPTION_SETS: Array<[string, PromptOptionsLike]> = [
  ["minimal", { cwd: "/work/project" }],
  ["appendSystemPrompt", { cwd: "/w", appendSystemPrompt: "APPENDED\n\nmore" }],
  ["context files", { cwd: "/w", contextFiles: CONTEXT_FILES }],
  ["append + context files", { cwd: "/w", appendSystemPrompt: "A", contextFiles: CONTEXT_FILES }],
  ["skills, read selected", { cwd: "/w", selectedTools: ["read", "bash"], skills: [skill("pdf"), skill("x<y>")] }],
  ["skills, read not selected", { cwd: "/w", selectedTools: ["bash", "edit"], skills: [skill("pdf")] }],
  ["skills, no selectedTools (read assumed)", { cwd: "/w", skills: [skill("pdf")] }],
  ["skills, all hidden from the model", { cwd: "/w", skills: [skill("pdf", { disableModelInvocation: true })] }],
  ["skills, some hidden", { cwd: "/w", skills: [skill("a"), skill("b", { disableModelInvocation: true }), skill("c")] }],
  ["empty selectedTools", { cwd: "/w", selectedTools: [], skills: [skill("pdf")] }],
  [
    "everything, with Pi's tool inputs the custom branch ignores",
    {
      cwd: "C:\\Users\\dev\\repo",
      customPrompt: "the user's own --system-prompt (replaced by the base)",
      appendSystemPrompt: "APPEND",
      contextFiles: CONTEXT_FILES,
      skills: [skill("pdf")],
      selectedTools: ["read", "grep"],
      toolSnippets: { read: "Read files", grep: "Search" },
      promptGuidelines: ["Be nice"],
    },
  ],
];

const BASE = "FORGE BASE\nline two\n";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 30, 12, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("buildLegacyCustomPrompt matches Pi 0.73.1 buildSystemPrompt with customPrompt", () => {
  it.each(OPTION_SETS)("%s", (_name, options) => {
    const expected = piBuild({ ...options, customPrompt: BASE });
    expect(buildLegacyCustomPrompt(BASE, options)).toBe(expected);
  });

  it("uses the local date like Pi, also just before midnight and on the first of a month", () => {
    for (const moment of [new Date(2026, 0, 1, 0, 0, 1), new Date(2026, 11, 31, 23, 59, 59), new Date(2027, 1, 9, 8)]) {
      vi.setSystemTime(moment);
      expect(buildLegacyCustomPrompt(BASE, { cwd: "/w" })).toBe(piBuild({ cwd: "/w", customPrompt: BASE }));
    }
  });

  it("takes an explicit date", () => {
    const text = buildLegacyCustomPrompt(BASE, { cwd: "/w" }, new Date(2025, 2, 4, 10));
    expect(text.endsWith("\nCurrent date: 2025-03-04\nCurrent working directory: /w")).toBe(true);
  });

  it("holds for arbitrary texts, context files and skills (property)", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    const options = fc.record({
      cwd: fc.string({ minLength: 1, maxLength: 20 }),
      appendSystemPrompt: fc.option(text, { nil: undefined }),
      contextFiles: fc.option(fc.array(fc.record({ path: text, content: text }), { maxLength: 3 }), { nil: undefined }),
      skills: fc.option(
        fc.array(fc.record({ name: text, description: text, filePath: text, disableModelInvocation: fc.option(fc.boolean(), { nil: undefined }) }), {
          maxLength: 3,
        }),
        { nil: undefined },
      ),
      selectedTools: fc.option(fc.subarray(["read", "bash", "edit", "write", "grep"]), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 60 }), options, (base, opts) => {
        expect(buildLegacyCustomPrompt(base, opts)).toBe(piBuild({ ...opts, customPrompt: base }));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the legacy adapter's replace_base is Pi's custom-prompt branch", () => {
  it.each(OPTION_SETS)("%s", (_name, options) => {
    const event = { prompt: "hi", systemPrompt: piBuild(options), systemPromptOptions: options };
    const result = legacyHostAdapter.applyComposition(event, {
      kind: "compose",
      base: { key: "b", strategy: "replace_base", text: BASE },
      overlays: [],
    });
    expect(result).toEqual({ systemPrompt: piBuild({ ...options, customPrompt: BASE }) });
  });
});
