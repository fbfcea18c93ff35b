// Types for bench/support/bench-docs.mjs.
import type { BenchResults } from "./results-table.mjs";

export declare function documentationFiles(root: string): string[];
export declare function renderBenchDocs(root: string, results: BenchResults): Array<{ file: string; before: string; text: string }>;
export declare function writeBenchDocs(root: string, results: BenchResults): string[];
