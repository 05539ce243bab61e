import type { JsonValue } from '../../util/json.js';
import type { NumberNode, StringNode } from '../model.js';
import { FORMAT_EXAMPLES } from './formats.js';
import { sampleRegex } from './regex-sample.js';
import type { SizeGuard } from './size.js';

/** Values of every instance type, simplest first: what a schema that accepts anything is tried with. */
export const ANY_VALUES: readonly JsonValue[] = [{}, null, true, 0, 1.5, '', 'a', []];

/** Strings at the node's edges: its bounds, its pattern's samples, its format's example, and a few plain ones; none longer than `size` allows. */
export function stringCandidates(node: StringNode, size: SizeGuard): string[] {
  const min = node.minLength ?? 0;
  const out: string[] = [];
  const format = node.format === undefined ? undefined : FORMAT_EXAMPLES[node.format];
  if (format !== undefined) out.push(format);
  if (node.pattern !== undefined && size.string(min)) {
    for (let stretch = 0; stretch <= min + 3 && out.length < 8; stretch++) {
      const samples = [0, 1].map((pick) => sampleRegex(node.pattern as string, stretch, pick, () => size.string(Infinity)));
      for (const sample of samples) if (sample !== undefined) out.push(sample);
      // A pattern the sampler cannot follow, or whose samples passed the size bound, gives nothing at larger stretches either.
      if (samples.every((sample) => sample === undefined)) break;
    }
  }
  const repeat = (char: string, length: number): void => {
    if (size.string(length)) out.push(char.repeat(length));
  };
  repeat('a', min);
  if (node.maxLength !== undefined) {
    repeat('a', node.maxLength);
    repeat('a', Math.max(0, node.maxLength - 1));
  }
  repeat('a', min + 1);
  repeat('b', min + 2);
  repeat('x', Math.max(min, 3));
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
