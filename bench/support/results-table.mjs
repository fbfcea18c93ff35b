// Renders bench/results.json into the documentation (docs/performance.md, docs/design/cache-true-delivery.md): the Performance table (every
// row names its bench, run and target) and each bench's detail tables, between markers, in whichever file holds them.
// Pure: bench/support/bench-docs.mjs reads and writes the files.

export const RESULTS_FILE = "bench/results.json";
export const PERFORMANCE_MARKERS = ["<!-- bench:performance:start -->", "<!-- bench:performance:end -->"];
/** The markers around a bench's detail table `id` (e.g. `updates-session`). */
export const tableMarkers = (id) => [`<!-- bench:table:${id}:start -->`, `<!-- bench:table:${id}:end -->`];

const cell = (text) => String(text).replace(/\|/g, "\\|").replace(/\n/g, " ");
const row = (cells) => `| ${cells.map(cell).join(" | ")} |`;

function describeLoad(results) {
  const cpus = results.machine.cpus;
  const [start, end] = [results.load?.start?.loadavg?.[0], results.load?.end?.loadavg?.[0]];
  if (start === undefined || end === undefined) return "";
  const shared =
    Math.max(start, end) > cpus * 0.75 ? ": other work shared the machine, so absolute times are high and the same-run ratios are the figures to compare" : "";
  return ` Load average ${start} at the start and ${end} at the end on ${cpus} CPUs${shared}.`;
}

/** The line above the table: when, where and how the figures were recorded. */
export function describeRun(results) {
  const m = results.machine;
  const date = results.date.slice(0, 10);
  const nodes = `Node ${m.node.benches} runs the benches and Pi ${m.piHosts.legacy}, Node ${m.node.host1x} runs Pi ${m.piHosts.modern}`;
  const note = results.note ? ` ${results.note.trim().replace(/([^.])$/, "$1.")}` : "";
  return `Recorded by \`npm run bench\` on ${date} (\`${RESULTS_FILE}\`; \`node scripts/readme-bench.mjs\` renders this table from it): ${m.cpus} × ${m.cpuModel}, ${m.memoryGB} GB, ${m.os}; ${nodes}.${describeLoad(results)}${note}`;
}

export function renderPerformance(results) {
  const lines = [describeRun(results), "", row(["bench, run", "what", "figure", "baseline (same run)", "target"]), "|---|---|---|---|---|"];
  for (const bench of results.benches) {
    for (const r of bench.rows) {
      const alone = bench.recorded ? ` (re-recorded alone on ${bench.recorded.date.slice(0, 10)})` : "";
      lines.push(
        row([`\`bench/${bench.bench}.mjs\`, ${r.run}${alone}`, r.what, r.figure, r.baseline || "none", `${r.target}: ${r.met ? "met" : "**missed**"}`]),
      );
    }
  }
  return lines.join("\n");
}

/** A detail table; the line under it names the bench and the run that produced it. */
export function renderTable(results, bench, table) {
  const align = table.align ?? table.columns.map(() => "---");
  const source = bench.recorded
    ? `From \`bench/${bench.bench}.mjs\`, ${table.run}, re-recorded alone by \`${bench.recorded.command}\` on ${bench.recorded.date.slice(0, 10)} (\`${RESULTS_FILE}\`).`
    : `From \`bench/${bench.bench}.mjs\`, ${table.run}, recorded by \`npm run bench\` on ${results.date.slice(0, 10)} with the Performance table (\`${RESULTS_FILE}\`).`;
  return [row(table.columns), `|${align.join("|")}|`, ...table.rows.map(row), "", source].join("\n");
}

/** Where `marker` stands on a line of its own (a marker quoted inside a sentence is not one). */
function lineIndex(text, marker, from = 0) {
  let at = text.indexOf(marker, from);
  while (at >= 0 && !((at === 0 || text[at - 1] === "\n") && (text[at + marker.length] ?? "\n") === "\n")) at = text.indexOf(marker, at + 1);
  return at;
}

function splice(text, [start, end], body) {
  const from = lineIndex(text, start);
  const to = lineIndex(text, end, Math.max(from, 0));
  if (from < 0 || to < from) throw new Error(`the docs: the markers ${start} ... ${end} are missing`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

/** The detail tables of `results`, by id, each with its bench. */
function recordedTables(results) {
  return new Map(results.benches.flatMap((bench) => (bench.tables ?? []).map((table) => [table.id, { bench, table }])));
}

/** Which bench tables `text` holds: the Performance table (true/false) and the ids of the detail tables. */
export function benchMarkersIn(text) {
  return {
    performance: lineIndex(text, PERFORMANCE_MARKERS[0]) >= 0,
    tables: [...text.matchAll(/^<!-- bench:table:([a-z0-9-]+):start -->$/gm)].map((m) => m[1]),
  };
}

/**
 * `text` with each bench table it holds rendered from `results`, whichever of them it holds (a page may carry the
 * Performance table, a detail table, or both); throws on markers for a table no bench recorded.
 */
export function spliceBenchMarkers(text, results, name = "the docs") {
  const held = benchMarkersIn(text);
  const tables = recordedTables(results);
  let out = held.performance ? splice(text, PERFORMANCE_MARKERS, renderPerformance(results)) : text;
  for (const id of held.tables) {
    const recorded = tables.get(id);
    if (recorded === undefined) throw new Error(`${name}: bench table "${id}" has markers but ${RESULTS_FILE} records no such table`);
    out = splice(out, tableMarkers(id), renderTable(results, recorded.bench, recorded.table));
  }
  return out;
}

/** The text (one page, or the pages together) with every bench table replaced by what `results` renders; throws on a missing or an orphan marker. */
export function spliceBenchTables(readme, results) {
  const held = benchMarkersIn(readme);
  if (!held.performance) splice(readme, PERFORMANCE_MARKERS, "");
  for (const id of recordedTables(results).keys()) if (!held.tables.includes(id)) splice(readme, tableMarkers(id), "");
  return spliceBenchMarkers(readme, results);
}

/**
 * Every documentation file that holds bench tables (`files`: path -> text), rendered: each file takes the tables it
 * holds; throws unless the Performance table and every recorded detail table are held by at least one of them.
 */
export function spliceBenchFiles(files, results) {
  const out = {};
  const held = new Set();
  for (const [file, text] of Object.entries(files)) {
    const markers = benchMarkersIn(text);
    if (!markers.performance && markers.tables.length === 0) continue;
    if (markers.performance) held.add("performance");
    for (const id of markers.tables) held.add(id);
    out[file] = spliceBenchMarkers(text, results, file);
  }
  const wanted = ["performance", ...recordedTables(results).keys()];
  const missing = wanted.filter((id) => !held.has(id));
  if (missing.length > 0) throw new Error(`no documentation file holds the bench table(s) ${missing.join(", ")}: add their markers where they belong`);
  return out;
}
