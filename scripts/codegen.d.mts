// Types for scripts/codegen.mjs, used by test/generated-fresh.test.ts.
export declare function renderGenerated(): Promise<Record<string, string>>;
export declare function renderDiagnosticSchema(codes?: Array<[string, string]>): Promise<string>;
