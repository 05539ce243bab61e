import type { JsonValue } from '../../util/json.js';
import type { NumberNode, StringNode } from '../model.js';
import { FORMAT_EXAMPLES } from './formats.js';
import { sampleRegex } from './regex-sample.js';

/** Values of every instance type, simplest first: what a schema that accepts anything is tried with. */
export const ANY_VALUES: readonly JsonValue[] = [{}, null, true, 0, 1.5, '', 'a', []];

/** Strings at the node's edges: its bounds, its pattern's samples, its format's example, and a few plain ones. */
export function stringCandidates(node: StringNode): string[] {
  const min = node.minLength ?? 0;
  const out: string[] = [];
  const format = node.format === undefined ? undefined : FORMAT_EXAMPLES[node.format];
  if (format !== undefined) out.push(format);
  if (node.pattern !== undefined) {
    for (let stretch = 0; stretch <= min + 3 && out.length < 8; stretch++) {
      for (let pick = 0; pick < 2; pick++) {
        const sample = sampleRegex(node.pattern, stretch, pick);
        if (sample !== undefined) out.push(sample);
      }
    }
  }
  out.push('a'.repeat(min));
  if (node.maxLength !== undefined) out.push('a'.repeat(node.maxLength), 'a'.repeat(Math.max(0, node.maxLength - 1)));
  out.push('a'.repeat(min + 1), 'b'.repeat(min + 2), 'x'.repeat(Math.max(min, 3)));
  return [...new Set(out)];
}

/** Numbers at the node's bounds (inclusive and just inside exclusive ones), on its `multipleOf` grid, and a few plain ones. */
export function numberCandidates(node: NumberNode): number[] {
  const step = node.requiresInteger ? 1 : 0.5;
  const seeds: number[] = [];
  if (node.minimum !== undefined) seeds.push(node.minimum, node.minimum + step);
  if (node.maximum !== undefined) seeds.push(node.maximum, node.maximum - step);
  if (node.exclusiveMinimum !== undefined) seeds.push(Math.floor(node.exclusiveMinimum) + 1, node.exclusiveMinimum + step / 4);
  if (node.exclusiveMaximum !== undefined) seeds.push(Math.ceil(node.exclusiveMaximum) - 1, node.exclusiveMaximum - step / 4);
  seeds.push(0, 1, -1, 0.5, 2.5, 3, 7, 1e6, -1e6);
  const out: number[] = [];
  for (const seed of seeds) {
    if (node.multipleOf !== undefined) {
      const m = node.multipleOf;
      out.push(Math.ceil(seed / m) * m, Math.floor(seed / m) * m, m, 2 * m, 3 * m);
    } else out.push(seed);
  }
  const usable = node.requiresInteger ? out.filter((value) => Number.isInteger(value)) : out;
  return [...new Set(usable.filter((value) => Number.isFinite(value)))];
}
