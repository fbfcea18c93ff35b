// Types for scripts/codegen-codes.mjs.
export declare const DIAGNOSTIC_SCHEMA: string;
export declare function loadCatalogCodes(): Promise<Array<[string, string]>>;
export declare function codeBranch(code: [string, string]): object;
export declare function renderDiagnosticSchema(codes?: Array<[string, string]>): Promise<string>;
export declare function writeDiagnosticSchema(): Promise<void>;
