// The bench tables of docs/performance.md and docs/design/cache-true-delivery.md are rendered from the last recorded
// bench/results.json (npm run bench writes them), and every Performance row names its bench and run and states its
// target, met or missed; the prose that quotes recorded figures (there and in docs/limitations.md) agrees with them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderBenchDocs } from "../../bench/support/bench-docs.mjs";
import {
  PERFORMANCE_MARKERS,
  renderPerformance,
  RESULTS_FILE,
  spliceBenchFiles,
  spliceBenchMarkers,
  spliceBenchTables,
  tableMarkers,
  type BenchResults,
} from "../../bench/support/results-table.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const PERFORMANCE = readFileSync(join(ROOT, "docs/performance.md"), "utf8");
const CACHE = readFileSync(join(ROOT, "docs/design/cache-true-delivery.md"), "utf8");
const LIMITS = readFileSync(join(ROOT, "docs/limitations.md"), "utf8");
const TOOLS = readFileSync(join(ROOT, "docs/guides/tools-and-mcp.md"), "utf8");
/** The pages that hold the bench tables between them. */
const TABLES = `${PERFORMANCE}${CACHE}${TOOLS}`;
const results: BenchResults = JSON.parse(readFileSync(join(ROOT, RESULTS_FILE), "utf8"));
const between = (text: string, [start, end]: [string, string]) => text.slice(text.indexOf(start) + start.length, text.indexOf(end));

describe("the bench tables of the docs", () => {
  it("match the last recorded bench/results.json (node scripts/readme-bench.mjs renders them)", () => {
    expect(spliceBenchTables(TABLES, results)).toBe(TABLES);
  });

  it("match it in every documentation file that holds them, docs/performance.md included", () => {
    const docs = renderBenchDocs(ROOT, results);
    expect(docs.map((d) => d.file)).toContain("docs/performance.md");
    for (const d of docs) expect(d.text, `${d.file}: run node scripts/readme-bench.mjs`).toBe(d.before);
  });

  it("are each held by some documentation file, and a marker quoted inside a sentence is not one", () => {
    expect(() => spliceBenchFiles({ "docs/a.md": "# no tables here\n" }, results)).toThrow(/no documentation file holds the bench table\(s\) performance/);
    const quoted = `renders the table between \`${PERFORMANCE_MARKERS[0]}\` and \`${PERFORMANCE_MARKERS[1]}\`\n`;
    expect(spliceBenchMarkers(quoted, results)).toBe(quoted);
  });

  it("come from a full run of every bench, with the machine, its load and the date", () => {
    const names = results.benches.map((b) => b.bench);
    for (const name of ["build", "runtime-compose", "runtime-load", "runtime-startup", "updates-session"]) expect(names).toContain(name);
    expect(new Date(results.date).toString()).not.toBe("Invalid Date");
    expect(results.machine).toMatchObject({ cpus: expect.any(Number), cpuModel: expect.any(String), memoryGB: expect.any(Number) });
    expect(results.machine.node.benches).toMatch(/^v\d+\./);
    expect(results.load.start.loadavg).toHaveLength(3);
    expect(JSON.stringify(results)).not.toContain('"quick":true');
  });

  it("name a bench re-recorded alone (--only X --record) by its own date and command, in its rows and its tables", () => {
    for (const bench of results.benches.filter((b) => b.recorded !== undefined)) {
      const date = bench.recorded!.date.slice(0, 10);
      expect(new Date(bench.recorded!.date).toString()).not.toBe("Invalid Date");
      expect(bench.recorded!.command).toBe(`npm run bench -- --only ${bench.bench} --record`);
      for (const row of bench.rows) expect(PERFORMANCE).toContain(`\`bench/${bench.bench}.mjs\`, ${row.run} (re-recorded alone on ${date})`);
      for (const table of bench.tables ?? [])
        expect(CACHE + PERFORMANCE).toContain(`${table.run}, re-recorded alone by \`${bench.recorded!.command}\` on ${date}`);
    }
    // The control: a bench of the full run is named by the run's date only.
    const plain = { ...results, benches: [{ ...results.benches[0]!, recorded: undefined }] };
    expect(renderPerformance(plain)).not.toContain("re-recorded alone");
  });

  it("name each row's bench and run and state its target, met or missed", () => {
    const table = between(PERFORMANCE, PERFORMANCE_MARKERS);
    for (const bench of results.benches) {
      expect(bench.rows.length).toBeGreaterThan(0);
      for (const row of bench.rows) {
        const line = table.split("\n").find((l) => l.includes(`\`bench/${bench.bench}.mjs\`, ${row.run}`) && l.includes(row.what.replace(/\|/g, "\\|")));
        expect(line, `${bench.bench}: ${row.what}`).toBeDefined();
        expect(line).toContain(`${row.target.replace(/\|/g, "\\|")}: ${row.met ? "met" : "**missed**"}`);
      }
    }
  });

  it("carry the session bench's detail table with Pi's recorded cache share beside the simulated one, on every row", () => {
    const session = results.benches.find((b) => b.bench === "updates-session")!;
    const detail = session.tables!.find((t) => t.id === "updates-session")!;
    expect(detail.columns).toEqual(expect.arrayContaining(["served from cache: forge, simulated", "forge, Pi's recorded usage"]));
    expect(detail.rows).toHaveLength(4);
    for (const row of session.rows) expect(row.values).toMatchObject({ simulatedShare: expect.any(Number), recordedShare: expect.any(Number) });
    expect(between(CACHE, tableMarkers("updates-session"))).toContain("Pi's recorded usage");
  });

  it("refuse docs without the markers, or with markers for a table no bench recorded", () => {
    expect(() => spliceBenchTables(TABLES.replace(PERFORMANCE_MARKERS[0], ""), results)).toThrow(/markers .* are missing/);
    const [start, end] = tableMarkers("no-such-bench");
    expect(() => spliceBenchTables(`${TABLES}\n${start}\n${end}\n`, results)).toThrow(/"no-such-bench" has markers/);
  });

  describe("prose that states recorded figures agrees with the run", () => {
    const bench = (name: string) => results.benches.find((b) => b.bench === name)!;
    const values = (name: string, what: RegExp) => bench(name).rows.find((r) => what.test(r.what))!;

    it("the extension size: its KB, and whether it and the load time it serves meet their targets", () => {
      const size = values("runtime-compose", /size of/);
      const [, kb, gz] = LIMITS.match(/`dist\/extension\.js` is about (\d+) KB \((\d+) KB gzipped\)/)!;
      expect(Number(kb)).toBe(Math.round(size.values!.bytes! / 1024));
      expect(Number(gz)).toBe(Math.round(size.values!.gzipBytes! / 1024));
      expect(PERFORMANCE.includes("The extension size misses its target")).toBe(!size.met);
      expect(PERFORMANCE.includes("the load-time target it exists for is met")).toBe(values("runtime-load", /first load/).met);
    });

    it("the missed targets' prose quotes this run's figures", () => {
      const missed = PERFORMANCE.slice(PERFORMANCE.indexOf("### The targets this run missed, and why"));
      const build = (what: RegExp) => bench("build").rows.find((r) => what.test(r.what))!;
      const edit = build(/partial edited/).values!;
      const cold = build(/^cold/).values!;
      const watch = build(/--watch/).values!;
      const noop = build(/no-op/).values!;
      const phases = bench("build-phases").rows[0]!.values!;
      expect(missed).toContain(`${edit.ratio!.toFixed(2)}× \`node -e 0\` against\n  2×`);
      expect(missed).toContain(`${phases.ratio!.toFixed(1)}× \`node -e 0\` in \`bench/build-phases.mjs\` and ${cold.ratio!.toFixed(1)}× in`);
      expect(missed).toContain(`${(watch.share! * 100).toFixed(1)}% of a cold build in wall time and ${(watch.cpuShare! * 100).toFixed(1)}% in CPU time`);
      expect(missed).toContain(`${Math.round(noop.noopMs!)} ms against 0.3 s, ${noop.ratio!.toFixed(1)}× \`node -e 0\``);
      expect(Math.round(1 / cold.rulesyncRatio!)).toBe(2); // "took twice as long"
      expect([build(/partial edited/).met, build(/^cold/).met, build(/--watch/).met, build(/no-op/).met]).toEqual([false, false, false, false]);
      // "the CPU target is met, the wall one is not"
      expect([watch.cpuShare! <= 0.1, watch.share! <= 0.1]).toEqual([true, false]);
      expect(missed).toContain(`\`node -e 0\` itself took ${Math.round(noop.noopMs! / noop.ratio!)} ms in this run`);
    });

    it("the session bench: request sizes, targets met on which rows, and Pi's recorded shares", () => {
      const rows = bench("updates-session").rows.map((r) => r.values!);
      const near = (x: number, stated: number) => Math.abs(x - stated) / stated < 0.1; // "about": within 10%
      expect(CACHE).toContain("requests average about 39,000 characters, of which the system prompt is about 10,000");
      for (const r of rows) expect([near(r.averageChars!, 39_000), near(r.promptChars!, 10_000)]).toEqual([true, true]);
      expect(rows.map((r) => r.rewrittenByUpdates)).toEqual([0, 0, 0, 0]);
      // "At least 97% served from cache by Pi's recorded usage where forge is the cause (...): **met** on every row, at
      // the append-only ceiling there"
      expect(CACHE).toContain("where forge is the cause (the requests not after a model switch): **met**\non every row, at the append-only ceiling there");
      for (const r of rows) expect([r.recordedSameModel! >= 0.97, r.sameModelCeiling! - r.recordedSameModel! < 0.001]).toEqual([true, true]);
      // "Over every counted request Pi records about 95% on every row"; the simulation of the provider's caches is Pi's record.
      expect(CACHE).toContain("Over every counted request Pi records about 95% on every\nrow");
      for (const r of rows) expect([Math.abs(r.recordedShare! - 0.95) < 0.005, r.simulatedShare]).toEqual([true, r.recordedShare]);
      // "about 2.2% is not served after the new turn alone (...), 0.3% after an update change (...), and 2.3% after the
      // three model switches": each row's figure names its own shares.
      expect(CACHE).toContain("about 2.2% is not served\nafter the new turn alone");
      for (const row of bench("updates-session").rows) {
        const [, turn, update, model] = row.figure.match(
          /not served: ([\d.]+)% after the new turn alone, ([\d.]+)% after an update change, ([\d.]+)% after a model switch/,
        )!;
        expect([turn, update, model].map((x, i) => Math.abs(Number(x) - [2.2, 0.3, 2.3][i]!) <= 0.15)).toEqual([true, true, true]);
      }
    });
  });
});
