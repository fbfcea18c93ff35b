// Renders bench/results.json into the README: the Performance table (every row names its bench, run and target) and
// each bench's detail tables, between markers. Pure: scripts/readme-bench.mjs and run-all.mjs do the file I/O.

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
      lines.push(row([`\`bench/${bench.bench}.mjs\`, ${r.run}`, r.what, r.figure, r.baseline || "none", `${r.target}: ${r.met ? "met" : "**missed**"}`]));
    }
  }
  return lines.join("\n");
}

/** A detail table; the line under it names the bench and the run that produced it. */
export function renderTable(results, bench, table) {
  const align = table.align ?? table.columns.map(() => "---");
  const source = `From \`bench/${bench.bench}.mjs\`, ${table.run}, recorded by \`npm run bench\` on ${results.date.slice(0, 10)} with the Performance table (\`${RESULTS_FILE}\`).`;
  return [row(table.columns), `|${align.join("|")}|`, ...table.rows.map(row), "", source].join("\n");
}

function splice(text, [start, end], body) {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README: the markers ${start} ... ${end} are missing`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

/** The README with every bench table replaced by what `results` renders; throws on a missing or an orphan marker. */
export function spliceBenchTables(readme, results) {
  let text = splice(readme, PERFORMANCE_MARKERS, renderPerformance(results));
  const ids = new Set();
  for (const bench of results.benches) {
    for (const table of bench.tables ?? []) {
      ids.add(table.id);
      text = splice(text, tableMarkers(table.id), renderTable(results, bench, table));
    }
  }
  for (const [, id] of text.matchAll(/<!-- bench:table:([a-z0-9-]+):start -->/g)) {
    if (!ids.has(id)) throw new Error(`README: bench table "${id}" has markers but ${RESULTS_FILE} records no such table`);
  }
  return text;
}
