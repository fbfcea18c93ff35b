// Draws the layer graph (import-graph.ts) as an SVG: one box per top-level folder with its subfolders, rows by rank
// (what imports more sits higher), an arrow per "imports from" edge, routed around the rows it skips.
import { type LayerGraph, ranks } from "./import-graph.js";

/** What each folder is for, as DEVELOPERS.md's layout says it. */
const ROLES: Record<string, string> = {
  compiler: "the forge CLI: compile.ts over numbered pure phases",
  runtime: "the Pi extension: session store, tool gate, host port",
  io: "the I/O both halves share",
  core: "pure domain code shared by both, no I/O",
  generated: "written by codegen from schema/",
};

const BOX_W = 380;
const ROW_GAP = 70;
const MARGIN = 90;
const CHAR_W = 7.2;
const LINE_H = 17;

const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function wrap(words: string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    const next = line === "" ? w : `${line} · ${w}`;
    if (next.length * CHAR_W > width && line !== "") {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line !== "") lines.push(line);
  return lines;
}

interface Box {
  name: string;
  x: number;
  y: number;
  h: number;
  lines: string[];
  rank: number;
}

export function renderArchitectureSvg(graph: LayerGraph): string {
  const rank = ranks(graph);
  const top = Math.max(...rank.values());
  const rows = Array.from({ length: top + 1 }, (_, i) => graph.nodes.filter((n) => rank.get(n.name) === top - i));
  const widest = Math.max(...rows.map((r) => r.length));
  const width = widest * BOX_W + (widest - 1) * 60 + 2 * MARGIN;
  const boxes = new Map<string, Box>();
  let y = 70;
  for (const row of rows) {
    const lines = row.map((n) =>
      wrap(
        n.parts.map((p) => `${p}/`),
        BOX_W - 30,
      ),
    );
    const h = 48 + Math.max(...lines.map((l) => l.length)) * LINE_H + 10;
    const total = row.length * BOX_W + (row.length - 1) * 60;
    row.forEach((n, i) => {
      boxes.set(n.name, { name: n.name, x: (width - total) / 2 + i * (BOX_W + 60), y, h, lines: lines[i]!, rank: rank.get(n.name)! });
    });
    y += h + ROW_GAP;
  }
  const height = y - ROW_GAP + 30;
  const center = width / 2;
  // Each edge goes straight to the next row, or around the rows between on the side its source sits. Detours are
  // numbered outward (k), and each box's arrows leave and arrive in an order that keeps them from crossing.
  const routed = graph.edges.map((e) => {
    const from = boxes.get(e.from)!;
    const to = boxes.get(e.to)!;
    const between = [...boxes.values()].filter((b) => b.rank < from.rank && b.rank > to.rank);
    const side = between.length === 0 ? ("none" as const) : from.x + BOX_W / 2 <= center ? ("left" as const) : ("right" as const);
    return { from, to, between, side, k: 0 };
  });
  for (const side of ["left", "right"] as const) {
    const list = routed
      .filter((r) => r.side === side)
      .sort((a, b) => (side === "left" ? a.from.x - b.from.x : b.from.x - a.from.x) || b.between.length - a.between.length);
    list.forEach((r, i) => {
      r.k = list.length - 1 - i;
    });
  }
  const order = (r: (typeof routed)[number], other: Box) => (r.side === "left" ? -1000 - r.k : r.side === "right" ? 1000 + r.k : other.x);
  const slotOf = (r: (typeof routed)[number], box: Box, mine: Array<(typeof routed)[number]>, other: (x: (typeof routed)[number]) => Box) => {
    const sorted = [...mine].sort((a, b) => order(a, other(a)) - order(b, other(b)));
    return box.x + (BOX_W * (sorted.indexOf(r) + 1)) / (sorted.length + 1);
  };
  const paths = routed.map((r) => {
    const sx = slotOf(
      r,
      r.from,
      routed.filter((x) => x.from === r.from),
      (x) => x.to,
    );
    const tx = slotOf(
      r,
      r.to,
      routed.filter((x) => x.to === r.to),
      (x) => x.from,
    );
    const sy = r.from.y + r.from.h;
    const ty = r.to.y;
    if (r.side === "none") return `M${sx},${sy} L${tx},${ty}`;
    const edgeX = r.side === "left" ? Math.min(...r.between.map((b) => b.x)) - 22 - r.k * 14 : Math.max(...r.between.map((b) => b.x + BOX_W)) + 22 + r.k * 14;
    const below = sy + 18 + r.k * 10;
    const above = ty - 18 - r.k * 10;
    return `M${sx},${sy} L${sx},${below} L${edgeX},${below} L${edgeX},${above} L${tx},${above} L${tx},${ty}`;
  });
  const boxSvg = [...boxes.values()].map((b) => {
    const text = b.lines.map((l, i) => `<text x="${b.x + 15}" y="${b.y + 62 + i * LINE_H}" class="part">${esc(l)}</text>`).join("");
    return `<g><rect x="${b.x}" y="${b.y}" width="${BOX_W}" height="${b.h}" rx="8" class="box ${b.name}"/><text x="${b.x + 15}" y="${b.y + 24}" class="name">${esc(b.name)}/</text><text x="${b.x + 15}" y="${b.y + 42}" class="role">${esc(ROLES[b.name] ?? "")}</text>${text}</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">`,
    "<!-- generated by npm run docs (scripts/docs/architecture-svg.ts, from the source tree's imports): do not edit -->",
    `<title id="title">forge's layers: which top-level folder imports from which</title>`,
    "<style>text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;fill:#1f2328}.name{font-size:17px;font-weight:700}.role{font-size:13px;fill:#57606a}.part{font-size:12.5px;font-family:ui-monospace,Menlo,monospace}.box{fill:#fff;stroke:#8c959f;stroke-width:1.5}.compiler{fill:#ddf4ff}.runtime{fill:#fbefff}.io{fill:#fff8c5}.core{fill:#dafbe1}.generated{fill:#f6f8fa}.edge{fill:none;stroke:#57606a;stroke-width:1.4;marker-end:url(#arrow)}.note{font-size:12.5px;fill:#57606a}</style>",
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#57606a"/></marker></defs>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="36" class="name">forge's layers</text>`,
    `<text x="${MARGIN}" y="54" class="note">An arrow: the folder imports from the one it points to. compiler/ and runtime/ never import each other (.dependency-cruiser.cjs).</text>`,
    ...paths.map((d) => `<path d="${d}" class="edge"/>`),
    ...boxSvg,
    "</svg>",
    "",
  ].join("\n");
}
