/**
 * The matrix of examples/user (v1..v4, then candidate.avsc), derived by hand: v4 promotes loginCount
 * to long, which v1..v3 (int) cannot read; the candidate needs `handle` (no default), narrows
 * loginCount back to int and drops the DELETED symbol, so it reads nothing older and nothing reads it.
 */
export const USER_AUDIT_READS = [
  [true, true, true, false, false],
  [true, true, true, false, false],
  [true, true, true, false, false],
  [true, true, true, true, false],
  [false, false, false, false, true],
];
