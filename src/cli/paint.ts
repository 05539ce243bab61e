/** ANSI styles for text output; every function is the identity when colour is off. */
export interface Paint {
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
}

/** The terminal facts that decide colour. */
export interface ColourContext {
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Colour only on a terminal, and never when NO_COLOR is present and not empty (https://no-color.org). */
export function colourEnabled(context: ColourContext): boolean {
  const noColor = context.env['NO_COLOR'];
  return context.isTTY && (noColor === undefined || noColor === '');
}

const sgr = (open: number, close: number) => (text: string): string => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string): string => text;

export function makePaint(enabled: boolean): Paint {
  if (!enabled) return { red: plain, green: plain, yellow: plain, bold: plain, dim: plain };
  return { red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), bold: sgr(1, 22), dim: sgr(2, 22) };
}
