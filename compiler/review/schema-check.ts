// A compile-time check that a hand-written report type is one its JSON Schema (generated/types.ts) accepts:
// `export type XMatchesSchema = Holds<X extends CliX ? true : false>` fails to type-check when they part.
export type Holds<T extends true> = T;
