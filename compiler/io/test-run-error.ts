// A reason forge test cannot run that is the user's to fix (a stale bundle for --pi, an unknown ref for --against):
// printed as it is, unlike an internal error.
export class TestRunError extends Error {}
