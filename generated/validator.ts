// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json
export interface ValidationError { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }
export interface Validator { (data: unknown): boolean; errors?: ValidationError[] | null }
