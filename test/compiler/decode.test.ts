// Phase 1: UTF-8, BOM and line-ending handling of raw bytes.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { decodeFile, decodeSources, firstInvalidUtf8 } from "../../compiler/phases/1-decode.js";
import { phaseContext } from "../../compiler/phases/pipeline.js";
import { LIMITS } from "../../compiler/types.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const codes = (r: { diagnostics: readonly { code: string }[] }) => r.diagnostics.map((d) => d.code);

describe("decodeFile", () => {
  test("plain UTF-8 passes through unchanged", () => {
    expect(decodeFile("a.md", bytes("héllo\nworld\n"))).toEqual({ path: "a.md", text: "héllo\nworld\n", diagnostics: [] });
  });

  test("a BOM is stripped with a warning", () => {
    const r = decodeFile("a.md", bytes("\uFEFFx\n"));
    expect(r.text).toBe("x\n");
    expect(codes(r)).toEqual(["utf8_bom"]);
  });

  test("uniform CRLF is normalized to LF silently", () => {
    const r = decodeFile("a.md", bytes("a\r\nb\r\n"));
    expect(r).toEqual({ path: "a.md", text: "a\nb\n", diagnostics: [] });
  });

  test.each([
    ["a\r\nb\nc\r\n", 2],
    ["a\nb\r\n", 2],
    ["a\rb\r\n", 1],
    ["a\r\nb\rc\r\n", 2],
  ])("mixed or lone CR endings are an error pointing at the first odd line: %j", (text, line) => {
    const r = decodeFile("a.md", bytes(text));
    expect(r.text).toBeNull();
    expect(codes(r)).toEqual(["mixed_line_endings"]);
    expect(r.diagnostics[0]!.start).toEqual({ line, column: 1 });
  });

  test("invalid UTF-8 is an error, never replacement characters", () => {
    const r = decodeFile("a.md", new Uint8Array([0x61, 0xff, 0x62]));
    expect(r.text).toBeNull();
    expect(codes(r)).toEqual(["invalid_utf8"]);
  });

  test("files over the byte bound are not decoded", () => {
    expect(codes(decodeFile("a.md", new Uint8Array(LIMITS.maxFileBytes)))).toEqual([]);
    const r = decodeFile("a.md", new Uint8Array(LIMITS.maxFileBytes + 1));
    expect(r.text).toBeNull();
    expect(codes(r)).toEqual(["file_too_large"]);
  });
});

describe("phase 1, decodeSources", () => {
  test("reports the file-count bound from tree.fileCount", () => {
    const tree = { files: [], escapingLinks: [], fileCount: LIMITS.maxFiles + 1 };
    const decode = (t: typeof tree) => decodeSources(t, phaseContext({ scope: "project", forgeVersion: "0" }));
    expect(codes(decode(tree))).toEqual(["too_many_files"]);
    expect(codes(decode({ ...tree, fileCount: LIMITS.maxFiles }))).toEqual([]);
  });
});

describe("firstInvalidUtf8", () => {
  test("agrees with a fatal TextDecoder on any bytes: the whole length exactly when they decode", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let decodes = true;
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        } catch {
          decodes = false;
        }
        const at = firstInvalidUtf8(bytes);
        expect(at === bytes.length).toBe(decodes);
        // Everything before the reported byte is valid on its own.
        expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, at))).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
