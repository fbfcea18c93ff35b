// Parity of forge's tool-path resolvers with each Pi host's own resolveToCwd (imported by file path: neither host
// exports it): over generated path strings, forge's path equals the host's, or forge refuses. Plus the cases the
// issue names, so the property cannot pass by refusing everything.
import fc from "fast-check";
import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { resolveToCwd as legacyHost } from "../../node_modules/@mariozechner/pi-coding-agent/dist/core/tools/path-utils.js";
import { resolveToCwd as modernHost } from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/tools/path-utils.js";
import { MAX_TOOL_PATH_CHARS, resolveLegacyToolPath, resolveModernToolPath, type ResolvedToolPath } from "../../runtime/host-adapter/tool-path-resolver.js";

/** Pieces attackers and careless users write: schemes, encodings, Unicode spaces and forms, NUL, ~ and @. */
const PIECES = [
  "a",
  "src",
  "secrets",
  "key",
  "..",
  ".",
  "",
  "%73ecrets",
  "%2F",
  "%2f",
  "%00",
  "%",
  "%E9",
  "caf%C3%A9",
  "café",
  "cafe\u0301",
  "\u0000",
  "\u00A0",
  "\u2003",
  "\u202F",
  "\u3000",
  " ",
  "\t",
  "\n",
  "?",
  "#",
  "?x=1",
  "#frag",
  "@",
  "~",
  "~user",
  "file:",
  "file:/",
  "file://",
  "file:///",
  "file://localhost",
  "localhost",
  "http:",
  "https://",
  "C:",
  "c:\\x",
  "\\",
  "//",
  "x".repeat(300),
];
const PREFIXES = [
  "",
  "@",
  "@@",
  "~",
  "~/",
  "@~/",
  "file://",
  "file:///",
  "file://localhost/",
  "FILE:///",
  "/",
  "./",
  "../",
  "\u00A0@",
  "@\u00A0",
  "http://",
  "s3://",
];

const piece = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.string({ maxLength: 8, unit: "binary" }) });
const pathArb = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(piece, { maxLength: 8 }), fc.constantFrom("/", "", "//"), fc.boolean())
  .map(([prefix, parts, sep, long]) => prefix + parts.join(sep) + (long ? "/y".repeat(2100) : ""));
const CWDS = ["/work/project", "/work/café", "/w", "/"];

function host(resolveToCwd: (raw: string, cwd: string) => string, raw: string, cwd: string): { ok: true; path: string } | { ok: false } {
  try {
    return { ok: true, path: resolveToCwd(raw, cwd) };
  } catch {
    return { ok: false };
  }
}

function agrees(forge: ResolvedToolPath, theirs: ReturnType<typeof host>): boolean {
  return !forge.ok || (theirs.ok && forge.path === theirs.path);
}

describe.each([
  ["0.73.1", resolveLegacyToolPath, legacyHost],
  ["1.x", resolveModernToolPath, modernHost],
] as const)("%s: forge's tool-path resolver", (_host, forge, theirs) => {
  it("equals the host's resolveToCwd over generated paths, or refuses", () => {
    let resolved = 0;
    fc.assert(
      fc.property(pathArb, fc.constantFrom(...CWDS), (raw, cwd) => {
        const mine = forge(raw, cwd);
        if (mine.ok) resolved++;
        expect(agrees(mine, host(theirs, raw, cwd)), `${JSON.stringify(raw)} in ${cwd}: ${JSON.stringify(mine)}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // Refusing everything would pass the property: most generated paths must resolve.
    expect(resolved).toBeGreaterThan(600);
  });

  it("refuses a NUL byte and an over-long path; resolves @, ~ and Unicode spaces as the host does", () => {
    for (const raw of ["a\u0000b", "x".repeat(MAX_TOOL_PATH_CHARS + 1)]) expect(forge(raw, "/w").ok).toBe(false);
    for (const raw of ["@src/a.ts", "~", "~/notes.md", "docs/a\u00A0b.md", "/abs/../x", "src//a/./b"]) {
      expect(forge(raw, "/w")).toEqual({ ok: true, path: theirs(raw, "/w") });
    }
  });
});

describe("file:// URLs", () => {
  it("1.x turns them into paths (percent-decoded, query dropped) exactly as Pi does", () => {
    for (const [raw, path] of [
      ["file:///p/secrets/key", "/p/secrets/key"],
      ["file:///p/%73ecrets/key2", "/p/secrets/key2"],
      ["@file:///p/caf%C3%A9.md", "/p/café.md"],
      ["file:///p/a.md?x#y", "/p/a.md"],
      ["file://localhost/p/a", "/p/a"],
    ] as const) {
      expect(resolveModernToolPath(raw, "/w")).toEqual({ ok: true, path });
      expect(modernHost(raw, "/w")).toBe(path);
    }
  });

  it("1.x refuses what fileURLToPath rejects or what decodes to NUL; 0.73.1 (no file:// step) refuses every scheme", () => {
    for (const raw of ["file://host/p/a", "file:///p/a%2Fb", "file:///p/%00", "file:relative", "http://x/y", "s3://bucket/k"])
      expect(resolveModernToolPath(raw, "/w").ok).toBe(false);
    for (const raw of ["file:///p/secrets/key", "file:relative", "http://x/y"]) {
      expect(resolveLegacyToolPath(raw, "/w").ok).toBe(false);
      // What 0.73.1 itself makes of it: a relative folder named "file:" (or "http:").
      expect(legacyHost(raw, "/w").startsWith("/w/")).toBe(true);
    }
    expect(resolveModernToolPath("~", "/w")).toEqual({ ok: true, path: homedir() });
  });
});
