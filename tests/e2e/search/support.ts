/** Helpers shared by the search and interview-prep specs. */
export { expectNoSeriousAxeViolations, expectReadFailureScreen, failReads } from "../support/page-checks";
