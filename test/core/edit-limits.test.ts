// Table tests of edit limits: allow, deny and allowRegex, and several active modes intersecting (a limit only refuses).
import { describe, expect, it } from "vitest";
import { checkEdit, compileLimit, describeRefusal, type CompiledLimit } from "../../core/edit-limits.js";
import { compileGlob, compileRegex } from "../../compiler/phases/path-patterns.js";
import type { EditLimit, PathPattern } from "../../generated/types.js";

const glob = (g: string): PathPattern => {
  const r = compileGlob(g);
  if (!r.ok) throw new Error(r.detail);
  return r.pattern;
};
const regex = (s: string): PathPattern => {
  const r = compileRegex(s);
  if (!r.ok) throw new Error(r.detail);
  return r.pattern;
};
const limit = (mode: string, l: { allow?: string[]; allowRegex?: string[]; deny?: string[] }): CompiledLimit => {
  const edit: EditLimit = { deny: (l.deny ?? []).map(glob) };
  if (l.allow !== undefined || l.allowRegex !== undefined) edit.allow = [...(l.allow ?? []).map(glob), ...(l.allowRegex ?? []).map(regex)];
  return compileLimit(mode, edit);
};

const DOCS = limit("docs", { allow: ["docs/**", "*.md"], deny: ["docs/generated/**"] });
const SECRETS = limit("careful", { deny: [".env", "secrets/**"] });
const ROO = limit("test-engineer", { allowRegex: ["(__tests__/.*|\\.test\\.(ts|tsx)$)"] });
const READ_ONLY = limit("frozen", { allow: [] });

describe("edit limits", () => {
  const table: Array<[name: string, limits: CompiledLimit[], path: string | null, verdict: string]> = [
    ["no limit allows everything", [], "src/a.ts", "ok"],
    ["no limit allows outside the project", [], null, "ok"],
    ["allow-list: inside", [DOCS], "docs/guide.md", "ok"],
    ["allow-list: a second glob", [DOCS], "README.md", "ok"],
    ["allow-list: outside", [DOCS], "src/a.ts", "docs:outside"],
    ["allow-list: deny wins over allow", [DOCS], "docs/generated/api.md", "docs:denied"],
    ["allow-list: a path outside the project", [DOCS], null, "docs:outside"],
    ["deny-only: other paths", [SECRETS], "src/a.ts", "ok"],
    ["deny-only: dotfile", [SECRETS], ".env", "careful:denied"],
    ["deny-only: under a folder", [SECRETS], "secrets/key.pem", "careful:denied"],
    ["deny-only: outside the project is not named", [SECRETS], null, "ok"],
    ["regex (searched, as Roo does)", [ROO], "src/__tests__/a.ts", "ok"],
    ["regex: suffix", [ROO], "src/a.test.tsx", "ok"],
    ["regex: no match", [ROO], "src/a.ts", "test-engineer:outside"],
    ["allow: [] allows nothing", [READ_ONLY], "docs/a.md", "frozen:outside"],
    ["intersection: both allow", [DOCS, SECRETS], "docs/a.md", "ok"],
    ["intersection: the narrower refuses", [SECRETS, DOCS], "src/a.ts", "docs:outside"],
    ["intersection: first refusal is reported", [DOCS, ROO], "docs/a.md", "test-engineer:outside"],
    ["intersection: never wider than either", [ROO, DOCS], "src/__tests__/a.ts", "docs:outside"],
    ["a path over the bound is not checked: refused", [SECRETS], `src/${"a/".repeat(600)}x.ts`, "careful:unchecked"],
  ];
  it.each(table)("%s", (_name, limits, path, verdict) => {
    const v = checkEdit(limits, [path], path ?? "/elsewhere/x");
    expect(v.ok ? "ok" : `${v.mode}:${v.why}`).toBe(verdict);
  });

  it("every candidate path must pass (the lexical path and the one a symlink leads to)", () => {
    expect(checkEdit([DOCS], ["docs/link.md", "src/real.ts"], "docs/link.md")).toMatchObject({ ok: false, why: "outside" });
    expect(checkEdit([DOCS], [], "x")).toMatchObject({ ok: false, why: "unchecked" });
  });

  it("a stored expression that does not compile makes the limit refuse everything", () => {
    const broken = compileLimit("odd", { deny: [{ kind: "regex", source: "(", regex: "(" }] });
    expect(broken.broken).toBe(true);
    expect(checkEdit([broken], ["src/a.ts"], "src/a.ts")).toMatchObject({ ok: false, why: "unchecked" });
  });

  it("the refusal names the mode, what it allows and denies, and that nothing changed", () => {
    const v = checkEdit([DOCS], ["src/a.ts"], "src/a.ts");
    if (v.ok) throw new Error("expected a refusal");
    expect(describeRefusal(v, [DOCS])).toBe(
      'forge: edit refused: mode "docs" allows edits only to docs/**, *.md and never to docs/generated/** (paths relative to the project root); "src/a.ts" is not among them. The file was not changed.',
    );
    const r = checkEdit([ROO], ["src/a.ts"], "src/a.ts");
    if (r.ok) throw new Error("expected a refusal");
    expect(describeRefusal(r, [ROO])).toContain("allows edits only to /(__tests__/.*|\\.test\\.(ts|tsx)$)/ (paths");
    const d = checkEdit([SECRETS], [".env"], ".env");
    if (d.ok) throw new Error("expected a refusal");
    expect(describeRefusal(d, [SECRETS])).toBe(
      'forge: edit refused: mode "careful" allows edits to any path but .env, secrets/** (paths relative to the project root); ".env" matches .env. The file was not changed.',
    );
  });
});
