// Types for scripts/codegen-views.mjs, used by test/lean-validators.test.ts.
export declare const RUNTIME_KEYWORD: string;
export declare function runtimeView<T>(node: T): T;
export declare function stripAnnotations<T>(node: T): T;
