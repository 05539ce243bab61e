/** A command-line option: a flag (`--stop-at-first-failure`) or one taking a value (`--strategy S`). */
export interface OptionSpec {
  readonly takesValue: boolean;
  /** A one-letter alias, e.g. `h` for `-h`. */
  readonly short?: string;
  /** May be given more than once (`--reference a=x --reference b=y`); values go to `ParsedArgs.lists`. */
  readonly repeatable?: boolean;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface ParsedArgs {
  /** Options by long name: the value given, or `true` for a flag. */
  readonly options: Readonly<Record<string, string | true>>;
  /** Values of repeatable options by long name, in command-line order. */
  readonly lists: Readonly<Record<string, readonly string[]>>;
  readonly positionals: readonly string[];
}

/** A command line the program cannot make sense of: exit code 2 with a usage line. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Splits `argv` into options and positionals. Accepts `--opt value`, `--opt=value`, `-h`, and `--`
 * to end options (POSIX utility convention); options may appear anywhere among the positionals.
 */
export function parseArgs(argv: readonly string[], specs: OptionSpecs): ParsedArgs {
  const options: Record<string, string | true> = {};
  const lists: Record<string, string[]> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const { name, inline } = splitOption(arg, specs);
    const spec = specs[name] as OptionSpec;
    if (!spec.repeatable && Object.prototype.hasOwnProperty.call(options, name)) throw new UsageError(`option --${name} given more than once`);
    if (!spec.takesValue) {
      if (inline !== undefined) throw new UsageError(`option --${name} takes no value`);
      options[name] = true;
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (inline === undefined) i++;
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`option --${name} needs a value`);
    if (spec.repeatable) (lists[name] ??= []).push(value);
    else options[name] = value;
  }
  return { options, lists, positionals };
}

function splitOption(arg: string, specs: OptionSpecs): { name: string; inline: string | undefined } {
  if (arg.startsWith('--')) {
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    if (!Object.prototype.hasOwnProperty.call(specs, name)) throw new UsageError(`unknown option --${name}`);
    return { name, inline: eq < 0 ? undefined : arg.slice(eq + 1) };
  }
  const letter = arg.slice(1);
  const name = Object.keys(specs).find((key) => specs[key]?.short === letter);
  if (name === undefined) throw new UsageError(`unknown option ${arg}`);
  return { name, inline: undefined };
}
