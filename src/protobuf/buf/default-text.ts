import type { ProtoEnum, ProtoScalar } from '../model.js';

// How Buf prints a default in FIELD_SAME_DEFAULT (bufcheckserverhandle field_default.go): strings
// with Go's %q, bytes as [0xNN,...], enums as Enum.VALUE, numbers and booleans with Go's %v.

const GO_ESCAPES: Readonly<Record<string, string>> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };

/** Go's strconv.Quote for the characters a .proto default holds: named escapes, \xNN for other control characters. */
function goQuote(value: string): string {
  let out = '"';
  for (const c of value) {
    const code = c.codePointAt(0) as number;
    out += GO_ESCAPES[c] ?? (code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : c);
  }
  return `${out}"`;
}

/** Go's %v of a float: the shortest digits that read back as the same float32 or float64, in %e form when the exponent is below -4 or 6 and over (strconv shortest %g). */
function goFloat(value: number, single: boolean): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  let digits = String(value);
  if (single) {
    for (let precision = 1; precision <= 9; precision++) {
      const candidate = Number(value.toPrecision(precision));
      if (Math.fround(candidate) === Math.fround(value)) {
        digits = String(candidate);
        break;
      }
    }
  }
  const [mantissa, exponent = '0'] = Number(digits).toExponential().split('e');
  const power = Number(exponent);
  if (power < -4 || power >= 6) return `${mantissa}e${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  return Number(digits).toString();
}

/** The default of a field as Buf's sentence prints it. */
export function bufDefaultText(value: string | number | boolean, scalar: ProtoScalar | undefined, enumType: ProtoEnum | undefined): string {
  if (enumType !== undefined) {
    const named = enumType.values.find((item) => item.number === value);
    return named === undefined ? `${enumType.name}.${String(value)}(?)` : `${enumType.name}.${named.name}`;
  }
  if (scalar === 'string') return goQuote(String(value));
  if (scalar === 'bytes') return `[${[...new TextEncoder().encode(String(value))].map((byte) => `0x${byte.toString(16).toUpperCase()}`).join(',')}]`;
  if (scalar === 'float' || scalar === 'double') return goFloat(Number(value), scalar === 'float');
  return String(value);
}
