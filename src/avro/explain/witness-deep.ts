import type { Finding } from '../../result.js';
import { AvroIncompatibilityType, AvroWarningType } from '../compat/findings.js';
import type { WriterNames } from '../compat/runtime/aliases.js';
import { RuntimeWalk } from '../compat/runtime/walk.js';
import type { PlanBuilder } from '../data/plan.js';
import type { AvroNode, AvroUnion } from '../model.js';
import { datumWith, isDatum, smallest } from './witness-datum.js';
import { findSites } from './witness-sites.js';
import type { SizeBudget } from './witness-size.js';
import { triggers } from './witness-triggers.js';

/** Runtime errors that any datum reaching them triggers (names, sizes, a missing field): the smallest datum there. */
const REACHED: ReadonlySet<string> = new Set([
  AvroIncompatibilityType.NAME_MISMATCH,
  AvroIncompatibilityType.FIXED_SIZE_MISMATCH,
  AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE,
]);

const MAX_VALUES = 4;

/**
 * Values of a writer type that Java's runtime also fails to read into a reader union. Java's checker
 * reports MISSING_UNION_BRANCH when no branch reads the whole writer type, but Java's runtime
 * (`firstMatchingBranch`) may still pick a branch (same name, same kind) and fail only deeper, when
 * the data reaches the part that does not resolve (an array item, an enum symbol, a nested field);
 * a value that stops short of it (an empty array) would be read. These values reach it: for each of
 * the runtime's errors in (chosen branch, writer), a datum with that error's trigger in place.
 * Empty when the runtime picks no branch (then every value fails at the union).
 */
export function runtimeFailingValues(reader: AvroUnion, writer: AvroNode, runtime: PlanBuilder, names: WriterNames, budget: () => SizeBudget): unknown[] {
  const index = runtime.chooseBranch(reader, writer);
  const branch = reader.branches[index];
  if (index < 0 || !branch) return [];
  const values: unknown[] = [];
  const resolution = new RuntimeWalk(names).run(branch, writer);
  // Java's runtime fails on its errors, and on the writer enum symbols the reader lacks, when read.
  const failing = [...resolution.errors, ...resolution.observations.filter((found) => found.type === AvroWarningType.UNREADABLE_ENUM_SYMBOLS)];
  for (const error of failing) {
    const location = `/${error.location.replace(/(^|\/)fields\/\d+$/, '')}`;
    const sites = findSites(branch, writer, location, { convention: 'reader', names, choose: (union, node) => runtime.chooseBranch(union, node), found: undefined });
    for (const site of sites) {
      for (const trigger of REACHED.has(error.type) ? [smallest(site.writer, new Set(), budget())] : triggers(error as Finding, site.reader, site.writer, budget())) {
        const value = isDatum(trigger) ? datumWith(writer, site.steps, trigger, budget()) : trigger;
        if (isDatum(value)) values.push(value);
        if (values.length >= MAX_VALUES) return values;
      }
    }
  }
  return values;
}
