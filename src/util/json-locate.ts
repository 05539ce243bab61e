import { escapePointerToken, unescapePointerToken } from './json.js';
import { lineAndColumn } from './json-text.js';

/** A 1-based line and column in a text file. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * Where a JSON pointer (RFC 6901; a leading `#` as in Confluent's JSON Schema paths is allowed) points
 * in a JSON text: the member's key for an object member, the value's first character for an array
 * item. A pointer that goes further than the document (e.g. `/fields/1/type/symbols/3`, or Confluent's
 * `#/required/name`) gives the position of its deepest existing prefix; text that is not JSON gives
 * `undefined`. Used for annotations that must point at a line.
 */
export function locateJsonPointer(text: string, pointer: string): TextPosition | undefined {
  const positions = new Map<string, number>();
  try {
    new JsonScanner(text, positions).document();
  } catch {
    return undefined;
  }
  const tokens = pointerTokens(pointer);
  for (let length = tokens.length; length >= 0; length--) {
    const offset = positions.get(joinTokens(tokens.slice(0, length)));
    if (offset !== undefined) return lineAndColumn(text, offset);
  }
  return undefined;
}

function pointerTokens(pointer: string): string[] {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (path === '' || path === '/') return [];
  return path.replace(/^\//, '').split('/').map(unescapePointerToken);
}

function joinTokens(tokens: readonly string[]): string {
  return tokens.map((token) => `/${escapePointerToken(token)}`).join('');
}

/** A minimal JSON reader (RFC 8259) that records the offset of every value by its JSON pointer. */
class JsonScanner {
  private at = 0;

  constructor(private readonly text: string, private readonly positions: Map<string, number>) {}

  document(): void {
    this.value('', this.skipSpace());
    if (this.skipSpace() !== this.text.length) throw new SyntaxError('trailing text');
  }

  private value(pointer: string, start: number): void {
    if (!this.positions.has(pointer)) this.positions.set(pointer, start);
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '{') this.object(pointer);
    else if (char === '[') this.array(pointer);
    else if (char === '"') this.string();
    else this.literal();
  }

  private object(pointer: string): void {
    this.at++;
    if (this.peek() === '}') {
      this.at++;
      return;
    }
    for (;;) {
      const keyStart = this.skipSpace();
      const key = this.string();
      if (this.peek() !== ':') throw new SyntaxError('expected :');
      this.at++;
      this.value(`${pointer}/${escapePointerToken(key)}`, keyStart);
      this.skipSpace();
      if (this.expectOneOf(',}') === '}') return;
    }
  }

  private array(pointer: string): void {
    this.at++;
    if (this.peek() === ']') {
      this.at++;
      return;
    }
    for (let index = 0; ; index++) {
      this.value(`${pointer}/${index}`, this.skipSpace());
      this.skipSpace();
      if (this.expectOneOf(',]') === ']') return;
    }
  }

  private string(): string {
    if (this.text[this.at] !== '"') throw new SyntaxError('expected a string');
    const start = this.at;
    for (this.at++; this.at < this.text.length; this.at++) {
      const char = this.text[this.at];
      if (char === '\\') this.at++;
      else if (char === '"') {
        this.at++;
        return JSON.parse(this.text.slice(start, this.at)) as string;
      }
    }
    throw new SyntaxError('unterminated string');
  }

  private literal(): void {
    const match = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.at, this.at + 400));
    if (match === null) throw new SyntaxError('unexpected character');
    this.at += match[0].length;
  }

  private peek(): string | undefined {
    this.skipSpace();
    return this.text[this.at];
  }

  private expectOneOf(chars: string): string {
    const char = this.text[this.at];
    if (char === undefined || !chars.includes(char)) throw new SyntaxError(`expected one of ${chars}`);
    this.at++;
    return char;
  }

  private skipSpace(): number {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at] as string)) this.at++;
    return this.at;
  }
}
