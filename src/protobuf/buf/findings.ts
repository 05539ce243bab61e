import type { Finding } from '../../result.js';
import type { ProtoFile, ProtobufSchema, ProtoReserved } from '../model.js';
import type { BufRule } from './rules.js';

/** Collects Buf findings; locations name the file when it is an imported one: `a.proto#/pkg.Message/3`. */
export class BufFindings {
  readonly list: Finding[] = [];

  constructor(private readonly rules: ReadonlySet<BufRule>, private readonly current: ProtobufSchema) {}

  add(rule: BufRule, file: ProtoFile, path: string, message: string): void {
    if (!this.rules.has(rule)) return;
    const prefix = file === this.current.file ? '' : file.name;
    this.list.push({ type: rule, location: `${prefix}#/${path}`, message });
  }

  has(rule: BufRule): boolean {
    return this.rules.has(rule);
  }
}

/** Whether a number lies in one of the reserved ranges (inclusive). */
export function numberReserved(number: number, reserved: ProtoReserved): boolean {
  return reserved.ranges.some(([start, end]) => number >= start && number <= end);
}

// The highest number of a range Buf prints as `max` (bufprotosource MessageRangeInclusiveMax, EnumRangeInclusiveMax).
const MAX_NUMBER = { message: 536_870_911, enum: 2_147_483_647 } as const;

/** The current ranges sorted, overlapping and adjacent ones merged. */
function collapse(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The parts of [start, end] no collapsed range covers. */
function missingParts(start: number, end: number, collapsed: readonly (readonly [number, number])[]): [number, number][] {
  const missing: [number, number][] = [];
  let next = start;
  for (const [from, to] of collapsed) {
    if (to < next) continue;
    if (from > end) break;
    if (from > next) missing.push([next, from - 1]);
    next = to + 1;
    if (next > end) return missing;
  }
  if (next <= end) missing.push([next, end]);
  return missing;
}

/**
 * Buf's RESERVED_MESSAGE_NO_DELETE / RESERVED_ENUM_NO_DELETE sentences (bufcheckserverhandle
 * tag_ranges.go and breaking.go): each previous range with values the current ranges no longer
 * cover, then each reserved name that is gone. Ranges print as `[2]`, `[2,5]` or `[2,max]`.
 */
export function droppedReservations(previous: ProtoReserved, current: ProtoReserved, kind: 'message' | 'enum', name: string): string[] {
  const text = ([start, end]: readonly [number, number]): string => (start === end ? `[${start}]` : end === MAX_NUMBER[kind] ? `[${start},max]` : `[${start},${end}]`);
  const collapsed = collapse(current.ranges);
  const ranges = previous.ranges.flatMap((range) => {
    const missing = missingParts(range[0], range[1], collapsed);
    if (missing.length === 0) return [];
    return [`Previously present reserved range "${text(range)}" on ${kind} "${name}" is missing values: ${missing.map(text).join(', ')} were removed.`];
  });
  const names = previous.names.filter((reserved) => !current.names.includes(reserved)).map((reserved) => `Previously present reserved name "${reserved}" on ${kind} "${name}" was deleted.`);
  return [...ranges, ...names];
}
