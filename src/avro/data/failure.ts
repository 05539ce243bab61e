import { AvroDataError } from './errors.js';
import type { Failure } from './plan-types.js';

/** A failure met while reading leniently (witnesses): the value read in place of the datum's. */
export class ResolutionFailure {
  constructor(readonly failure: Failure) {}
}

/** A failure in a plan that should have none (a compatible pair): a bug, reported as such. */
export class PlanFailureError extends Error {
  constructor(readonly failure: Failure) {
    super(`schema-compat internal error: the data plane met ${failure.type} in a pair the checker accepts (${failure.detail})`);
  }
}

/** What reading a failure gives: leniently a `ResolutionFailure`, else an `AvroDataError` (profile pulsar's missing enum symbols). */
export function failed(failure: Failure, soft: boolean): ResolutionFailure {
  if (soft) return new ResolutionFailure(failure);
  throw new AvroDataError(failure.detail);
}
