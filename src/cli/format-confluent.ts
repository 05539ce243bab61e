import { InputError } from './io.js';
import type { CheckReport } from './report.js';

/**
 * The answer of Confluent's REST API `POST /compatibility/subjects/{s}/versions?verbose=true`
 * (`{"is_compatible": bool, "messages": [...]}`, reference/confluent.md §1.3), with the message list
 * Confluent would give. Filled in when the registry toolkit (src/registry, `toConfluentMessages`) lands.
 */
export function formatConfluent(report: CheckReport): string {
  throw new InputError(`--format confluent is not available in this version of schema-compat (checked ${report.candidate.path})`);
}
