/** Where JSON text first goes wrong and what was expected there. */
export interface JsonErrorSpot {
  /** Offset of the first character that cannot continue a JSON text (the length when the text ends too early). */
  readonly offset: number;
  readonly expected: string;
}

const LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/;
const ESCAPE = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/;

/**
 * Finds where JSON text (RFC 8259) first goes wrong, for the error message. Used only after
 * JSON.parse has failed, whose messages carry a position on some Node versions and not on others.
 * A state machine with an explicit stack, so a deeply nested text cannot overflow the call stack.
 */
export function locateJsonError(text: string): JsonErrorSpot | undefined {
  const open: string[] = [];
  let expect: 'value' | 'key' | 'after' = 'value';
  let i = 0;
  const skipSpace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const readString = (): string | undefined => {
    i++;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return undefined;
      }
      if (c < 0x20) return 'no control character inside a string';
      if (c === 0x5c) {
        const escape = ESCAPE.exec(text.slice(i, i + 6));
        if (!escape) return 'a valid escape sequence';
        i += escape[0].length - 1;
      }
    }
    return "'\"' to end the string";
  };
  for (;;) {
    skipSpace();
    const c = text[i];
    let problem: string | undefined;
    if (expect === 'value') {
      if (c === '{' || c === '[') {
        i++;
        open.push(c);
        expect = c === '{' ? 'key' : 'value';
        skipSpace();
        if (text[i] === (c === '{' ? '}' : ']')) {
          i++;
          open.pop();
          expect = 'after';
        }
        continue;
      }
      if (c === '"') problem = readString();
      else {
        const literal = LITERAL.exec(text.slice(i, i + 400));
        if (literal) i += literal[0].length;
        else problem = 'a value';
      }
      expect = 'after';
    } else if (expect === 'key') {
      problem = c === '"' ? readString() : 'a property name in double quotes';
      if (!problem) {
        skipSpace();
        if (text[i] === ':') i++;
        else problem = "':'";
      }
      expect = 'value';
    } else {
      const container = open[open.length - 1];
      if (container === undefined) return i < text.length ? { offset: i, expected: 'the end of the text' } : undefined;
      if (c === ',') {
        i++;
        expect = container === '{' ? 'key' : 'value';
      } else if (c === (container === '{' ? '}' : ']')) {
        i++;
        open.pop();
      } else problem = container === '{' ? "',' or '}'" : "',' or ']'";
    }
    if (problem) return { offset: i, expected: problem };
  }
}
