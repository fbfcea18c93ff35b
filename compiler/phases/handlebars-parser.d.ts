// Types of the handlebars parser alone (its compiler/base module), which handlebars-lower.ts imports instead of the
// whole library: the same Handlebars.parse, without the runtime, the code generator and source-map.
/// <reference types="handlebars" />
declare module "handlebars/dist/cjs/handlebars/compiler/base.js" {
  export function parse(input: string): hbs.AST.Program;
}
