// Strings that match a regular expression, built from its syntax (ECMA-262 §22.2): literals,
// classes, groups with alternatives and quantifiers. Lookarounds and back-references are not
// followed: the caller verifies every sample against the real RegExp anyway.

type Piece =
  | { readonly kind: 'chars'; readonly options: string }
  | { readonly kind: 'group'; readonly alternatives: readonly (readonly Quantified[])[] };
interface Quantified {
  readonly piece: Piece;
  readonly min: number;
  readonly max: number;
}

const DIGITS = '0123456789';
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;
const POOL = `${WORD} -.:/@`;
const ESCAPES: Readonly<Record<string, string>> = { d: DIGITS, w: WORD, s: ' ', D: 'a', W: '-', S: 'a', n: '\n', t: '\t', r: '\r' };

class Unsupported extends Error {}
class TooLong extends Error {}

class RegexReader {
  private at = 0;
  constructor(private readonly source: string) {}

  alternatives(): Quantified[][] {
    const out: Quantified[][] = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      out.push(this.sequence());
    }
    return out;
  }

  private sequence(): Quantified[] {
    const out: Quantified[] = [];
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const piece = this.piece();
      if (piece !== undefined) out.push(this.quantifier(piece));
    }
    return out;
  }

  private piece(): Piece | undefined {
    const char = this.source[this.at++] as string;
    if (char === '^' || char === '$') return undefined;
    if (char === '.') return { kind: 'chars', options: 'a' };
    if (char === '[') return this.charClass();
    if (char === '\\') return { kind: 'chars', options: this.escape() };
    if (char === '(') {
      if (this.source[this.at] === '?') {
        if (this.source[this.at + 1] !== ':') throw new Unsupported();
        this.at += 2;
      }
      const alternatives = this.alternatives();
      if (this.source[this.at++] !== ')') throw new Unsupported();
      return { kind: 'group', alternatives };
    }
    return { kind: 'chars', options: char };
  }

  private escape(): string {
    const char = this.source[this.at++];
    if (char === undefined || /[1-9bBk]/.test(char)) throw new Unsupported();
    if (char === 'u' || char === 'x') {
      const hex = /^\{?([0-9a-fA-F]+)\}?/.exec(this.source.slice(this.at, this.at + (char === 'u' ? 8 : 2)));
      if (hex === null) throw new Unsupported();
      const width = char === 'u' && !hex[0].startsWith('{') ? 4 : hex[0].length;
      this.at += width;
      return String.fromCodePoint(parseInt(hex[1]?.slice(0, char === 'u' && !hex[0].startsWith('{') ? 4 : undefined) ?? '0', 16));
    }
    return ESCAPES[char] ?? char;
  }

  private charClass(): Piece {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    let members = '';
    while (this.at < this.source.length && this.source[this.at] !== ']') {
      let char = this.source[this.at++] as string;
      if (char === '\\') char = this.escape();
      if (this.source[this.at] === '-' && this.source[this.at + 1] !== ']' && char.length === 1) {
        this.at++;
        let end = this.source[this.at++] as string;
        if (end === '\\') end = this.escape();
        for (let code = char.codePointAt(0) as number; code <= (end.codePointAt(0) ?? 0) && code < (char.codePointAt(0) as number) + 64; code++) members += String.fromCodePoint(code);
      } else members += char;
    }
    this.at++;
    const options = negated ? [...POOL].filter((char) => !members.includes(char)).join('') : members;
    if (options === '') throw new Unsupported();
    return { kind: 'chars', options };
  }

  private quantifier(piece: Piece): Quantified {
    const char = this.source[this.at];
    let bounds: readonly [number, number] = [1, 1];
    if (char === '*' || char === '+' || char === '?') {
      this.at++;
      bounds = char === '*' ? [0, Infinity] : char === '+' ? [1, Infinity] : [0, 1];
    } else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (match !== null) {
        this.at += match[0].length;
        const min = Number(match[1]);
        bounds = [min, match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3])];
      }
    }
    if (this.source[this.at] === '?' && (char === '*' || char === '+' || char === '?' || char === '{')) this.at++;
    return { piece, min: bounds[0], max: bounds[1] };
  }
}

/** Repetitions one sample may take in all: every character is one, so a sample is never longer than a witness string may be (size.ts). */
const MAX_REPETITIONS = 65_534;

function render(sequence: readonly Quantified[], stretch: number, pick: number, room: { left: number }): string {
  let out = '';
  for (const { piece, min, max } of sequence) {
    const count = Math.min(max, min + stretch);
    // `a{1000000000}` or `(){1000000000}`: refused before anything is built.
    room.left -= count;
    if (room.left < 0) throw new TooLong();
    const options = piece.kind === 'chars' ? [...piece.options] : [];
    for (let i = 0; i < count; i++) {
      if (piece.kind === 'chars') out += options[(pick + i) % options.length] ?? '';
      else out += render(piece.alternatives[pick % piece.alternatives.length] ?? [], stretch, pick, room);
    }
  }
  return out;
}

/**
 * A string the pattern may match: `stretch` extra repetitions per quantifier, `pick` chooses among
 * alternatives and class members. Undefined for syntax this sampler does not follow, and for
 * samples longer than a witness string may be (then `tooLong` is called).
 */
export function sampleRegex(source: string, stretch = 0, pick = 0, tooLong: () => void = () => undefined): string | undefined {
  try {
    const alternatives = new RegexReader(source).alternatives();
    return render(alternatives[pick % alternatives.length] ?? [], stretch, pick, { left: MAX_REPETITIONS });
  } catch (error) {
    if (error instanceof TooLong) tooLong();
    if (error instanceof Unsupported || error instanceof TooLong) return undefined;
    throw error;
  }
}
