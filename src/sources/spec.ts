import { SourceError, SourceErrorCode } from './errors.js';
import { redactQuerySecrets, redactUrlText } from './redact.js';
import type { HistorySource, SourceKind } from './types.js';

/** The source forms, for error messages and `--help`. */
export const SOURCE_FORMS = [
  'git:REF', 'git:REF:PATH', 'git-log', 'git-log:REF', 'git-log:REF:PATH', 'git-tags:GLOB', 'git-tags:GLOB:PATH',
  'dir:PATH', 'registry:URL', 'pulsar:URL',
] as const;

const KINDS: readonly SourceKind[] = ['git', 'git-log', 'git-tags', 'dir', 'registry', 'pulsar'];

/**
 * Reads a source written as text: `git:origin/main`, `git:v1.2.0:schemas/user.avsc`, `git-log`,
 * `git-log:origin/main`, `git-tags:v*`, `dir:schemas/history`, `registry:http://localhost:8081`,
 * `pulsar:http://localhost:8080`. A git ref or tag glob never holds a colon (git check-ref-format),
 * so the first colon after it starts the path. Throws `SourceError` (BAD_SOURCE) listing the forms.
 */
export function parseSource(text: string): HistorySource {
  const colon = text.indexOf(':');
  const kind = (colon < 0 ? text : text.slice(0, colon)) as SourceKind;
  const rest = colon < 0 ? undefined : text.slice(colon + 1);
  if (!KINDS.includes(kind)) throw badSource(text, `unknown source kind ${JSON.stringify(kind)}`);
  switch (kind) {
    case 'git':
      return { kind, ...refAndPath(text, rest, 'a ref') };
    case 'git-log':
      return rest === undefined ? { kind, ref: 'HEAD' } : { kind, ...refAndPath(text, rest, 'a ref') };
    case 'git-tags': {
      if (rest === undefined) return { kind, glob: '*' };
      const { ref, path } = refAndPath(text, rest, 'a tag glob');
      return path === undefined ? { kind, glob: ref } : { kind, glob: ref, path };
    }
    case 'dir':
      if (rest === undefined || rest === '') throw badSource(text, 'dir: needs a folder (dir:PATH)');
      return { kind, path: rest };
    case 'registry':
    case 'pulsar':
      return { kind, url: httpUrl(text, rest) };
  }
}

function refAndPath(text: string, rest: string | undefined, what: string): { ref: string; path?: string } {
  if (rest === undefined || rest === '') throw badSource(text, `needs ${what} after the colon`);
  const colon = rest.indexOf(':');
  const ref = colon < 0 ? rest : rest.slice(0, colon);
  const path = colon < 0 ? undefined : rest.slice(colon + 1);
  // A leading dash would read as an option of git; git refuses such names anyway (check-ref-format).
  if (ref === '' || ref.startsWith('-')) throw badSource(text, `${JSON.stringify(ref)} is not ${what}`);
  if (path === '') throw badSource(text, 'the path after the second colon is empty');
  return path === undefined ? { ref } : { ref, path };
}

function httpUrl(text: string, rest: string | undefined): string {
  if (rest === undefined || !/^https?:\/\/[^/]/i.test(rest)) throw badSource(text, 'needs an http:// or https:// URL, e.g. registry:http://localhost:8081');
  try {
    return new URL(rest).href.replace(/\/+$/, '');
  } catch {
    throw badSource(text, `${JSON.stringify(redactUrlText(rest))} is not a URL`);
  }
}

/** A malformed source, quoted without what may be a credential (a URL's `user:password@`, a `?token=`): it may not parse as a URL. */
function badSource(text: string, problem: string): SourceError {
  return new SourceError(SourceErrorCode.BAD_SOURCE, `source ${JSON.stringify(redactUrlText(text))}`, problem, { remedy: `Sources: ${SOURCE_FORMS.join(', ')}` });
}

/** A URL without its user and password (and the values of known secret query parameters), for messages and reports. */
export function publicUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return redactQuerySecrets(parsed.href.replace(/\/+$/, ''));
}

/** The source as a person would write it (credentials left out): `git-log origin/main`, `registry http://...`. */
export function describeSource(source: HistorySource): string {
  switch (source.kind) {
    case 'git':
    case 'git-log':
      return `${source.kind} ${source.ref}${source.path === undefined ? '' : `:${source.path}`}`;
    case 'git-tags':
      return `git-tags ${source.glob}${source.path === undefined ? '' : `:${source.path}`}`;
    case 'dir':
      return `dir ${source.path}`;
    case 'registry':
    case 'pulsar':
      return `${source.kind} ${publicUrl(source.url)}`;
  }
}
