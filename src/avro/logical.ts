import type { AvroNode } from './model.js';

/** A logical type the 1.12 specification defines, valid on its node. */
export interface LogicalType {
  readonly name: string;
  /** Decimals only. */
  readonly precision?: number;
  readonly scale?: number;
}

/** Spec 1.12 "Logical Types": which underlying types each logical type annotates. */
const UNDERLYING: Readonly<Record<string, readonly string[]>> = {
  decimal: ['bytes', 'fixed'],
  'big-decimal': ['bytes'],
  uuid: ['string', 'fixed'],
  date: ['int'],
  'time-millis': ['int'],
  'time-micros': ['long'],
  'timestamp-millis': ['long'],
  'timestamp-micros': ['long'],
  'timestamp-nanos': ['long'],
  'local-timestamp-millis': ['long'],
  'local-timestamp-micros': ['long'],
  'local-timestamp-nanos': ['long'],
  duration: ['fixed'],
};

/**
 * The logical type a node really has: unknown logical types and invalid ones (a decimal whose scale
 * exceeds its precision, a uuid on a fixed that is not 16 bytes) are ignored, as the spec requires.
 */
export function logicalTypeOf(node: AvroNode): LogicalType | undefined {
  const name = node.props['logicalType'];
  if (typeof name !== 'string' || !Object.hasOwn(UNDERLYING, name) || !UNDERLYING[name]?.includes(node.kind)) return undefined;
  if (name === 'uuid' && node.kind === 'fixed' && node.size !== 16) return undefined;
  if (name === 'duration' && node.kind === 'fixed' && node.size !== 12) return undefined;
  if (name !== 'decimal') return { name };
  const precision = node.props['precision'];
  const scale = node.props['scale'] ?? 0;
  if (!Number.isInteger(precision) || !Number.isInteger(scale)) return undefined;
  const p = precision as number;
  const s = scale as number;
  if (p <= 0 || s < 0 || s > p) return undefined;
  // A fixed of n bytes holds at most floor(log10(2^(8n-1) - 1)) decimal digits.
  if (node.kind === 'fixed' && p > Math.floor(Math.log10(2 ** (8 * node.size - 1) - 1))) return undefined;
  return { name, precision: p, scale: s };
}

/** How a logical type prints in messages: `decimal(10,2)`, `date`, or `none`. */
export function describeLogical(logical: LogicalType | undefined): string {
  if (!logical) return 'none';
  return logical.name === 'decimal' ? `decimal(${logical.precision},${logical.scale})` : logical.name;
}
