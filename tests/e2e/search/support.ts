/** Helpers shared by the search and interview-prep specs. */
export { expectNoSeriousAxeViolations, failReads } from "../support/page-checks";
