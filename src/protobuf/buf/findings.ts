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

/** Previous reserved ranges and names the current side no longer reserves (a range must stay covered as a whole). */
export function droppedReservations(previous: ProtoReserved, current: ProtoReserved): string[] {
  const covered = ([start, end]: readonly [number, number]): boolean => {
    let next = start;
    for (const [from, to] of [...current.ranges].sort((a, b) => a[0] - b[0])) {
      if (from <= next && to >= next) next = to + 1;
      if (next > end) return true;
    }
    return next > end;
  };
  const ranges = previous.ranges.filter((range) => !covered(range)).map(([start, end]) => (start === end ? `reserved range "${start}"` : `reserved range "${start} to ${end}"`));
  const names = previous.names.filter((name) => !current.names.includes(name)).map((name) => `reserved name "${name}"`);
  return [...ranges, ...names];
}
