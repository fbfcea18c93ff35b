// Types for bench/support/results-table.mjs: the shape of bench/results.json, used by test/bench/results-table.test.ts.

export interface BenchRow {
  what: string;
  run: string;
  figure: string;
  baseline: string;
  target: string;
  met: boolean;
  values?: Record<string, number>;
}

export interface BenchTable {
  id: string;
  run: string;
  columns: string[];
  align?: string[];
  rows: string[][];
}

export interface BenchFigures {
  bench: string;
  rows: BenchRow[];
  tables?: BenchTable[];
  /** Set when this bench was re-recorded alone (`npm run bench -- --only <bench> --record`): its own run's date and load. */
  recorded?: { date: string; command: string; load: { start: { loadavg: number[] }; end: { loadavg: number[] } } };
}

export interface BenchResults {
  format: 1;
  date: string;
  command: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGB: number;
    os: string;
    node: { benches: string; host1x: string | null };
    piHosts: { legacy: string | null; modern: string | null };
  };
  load: { start: { loadavg: number[]; freeMemoryGB: number }; end: { loadavg: number[]; freeMemoryGB: number } };
  note?: string;
  benches: Array<BenchFigures & { file: string; seconds: number }>;
}

export declare const RESULTS_FILE: string;
export declare const PERFORMANCE_MARKERS: [string, string];
export declare function tableMarkers(id: string): [string, string];
export declare function describeRun(results: BenchResults): string;
export declare function renderPerformance(results: BenchResults): string;
export declare function renderTable(results: BenchResults, bench: BenchFigures, table: BenchTable): string;
export declare function spliceBenchTables(readme: string, results: BenchResults): string;
export declare function benchMarkersIn(text: string): { performance: boolean; tables: string[] };
export declare function spliceBenchMarkers(text: string, results: BenchResults, name?: string): string;
export declare function spliceBenchFiles(files: Record<string, string>, results: BenchResults): Record<string, string>;
