import { SourceError, SourceErrorCode } from './errors.js';
import { redactQuerySecrets, redactUrlText } from '../registry/http/redact.js';
import type { HistorySource, SourceKind } from './types.js';

/** The source forms, for error messages and `--help`. */
export const SOURCE_FORMS = [
  'git:REF', 'git:REF:PATH', 'git-log', 'git-log:REF', 'git-log:SINCE..REF', 'git-log:REF:PATH', 'git-tags:GLOB', 'git-tags:SINCE..GLOB', 'git-tags:GLOB:PATH',
  'dir:PATH', 'glob:PATTERN', 'registry:URL', 'pulsar:URL',
] as const;

const KINDS: readonly SourceKind[] = ['git', 'git-log', 'git-tags', 'dir', 'glob', 'registry', 'pulsar'];

/**
 * Reads a source written as text: `git:origin/main`, `git:v1.2.0:schemas/user.avsc`, `git-log`,
 * `git-log:origin/main`, `git-log:v1.0.0..main`, `git-tags:v*`, `git-tags:v1.2.0..v*`,
 * `dir:schemas/history`, `glob:schemas/user/v*` + `/user.avsc`, `registry:http://localhost:8081`,
 * `pulsar:http://localhost:8080`. A git ref or tag glob never holds a colon or two dots (git
 * check-ref-format), so the first colon after it starts the path and `..` can only be a range.
 * Throws `SourceError` (BAD_SOURCE) listing the forms.
 */
export function parseSource(text: string): HistorySource {
  const colon = text.indexOf(':');
  const kind = (colon < 0 ? text : text.slice(0, colon)) as SourceKind;
  const rest = colon < 0 ? undefined : text.slice(colon + 1);
  if (!KINDS.includes(kind)) throw badSource(text, `unknown source kind ${JSON.stringify(kind)}`);
  switch (kind) {
    case 'git': {
      const read = refAndPath(text, rest, 'a ref');
      if (read.ref.includes('..')) throw badSource(text, 'git:REF reads one version: a range (SINCE..REF) goes with git-log');
      return { kind, ...read };
    }
    case 'git-log': {
      if (rest === undefined) return { kind, ref: 'HEAD' };
      const { ref, path } = refAndPath(text, rest, 'a ref');
      const { since, upper } = range(text, ref, 'a ref');
      return { kind, ref: upper ?? 'HEAD', ...(since === undefined ? {} : { since }), ...(path === undefined ? {} : { path }) };
    }
    case 'git-tags': {
      if (rest === undefined) return { kind, glob: '*' };
      const { ref, path } = refAndPath(text, rest, 'a tag glob');
      const { since, upper } = range(text, ref, 'a tag glob');
      return { kind, glob: upper ?? '*', ...(since === undefined ? {} : { since }), ...(path === undefined ? {} : { path }) };
    }
    case 'dir':
      if (rest === undefined || rest === '') throw badSource(text, 'dir: needs a folder (dir:PATH)');
      return { kind, path: rest };
    case 'glob':
      if (rest === undefined || rest === '') throw badSource(text, 'glob: needs a pattern (glob:AdminOperation/v*/*.avsc)');
      return { kind, pattern: rest };
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

/**
 * `SINCE..UPPER` (git's range notation, gitrevisions(7)): the lower bound, and the upper part
 * (undefined when empty: `v1.0.0..` is up to HEAD, or every matching tag). Without `..`, `text` is the upper part.
 */
function range(source: string, text: string, what: string): { since?: string; upper?: string } {
  const dots = text.indexOf('..');
  if (dots < 0) return { upper: text };
  const since = text.slice(0, dots);
  const upper = text.slice(dots + 2);
  if (upper.startsWith('.')) throw badSource(source, `${JSON.stringify(text)}: a symmetric difference (three dots) is no history; write SINCE..${what === 'a ref' ? 'REF' : 'GLOB'}`);
  if (since === '') throw badSource(source, `${JSON.stringify(text)}: the lower bound before .. is empty`);
  if (upper.includes('..')) throw badSource(source, `${JSON.stringify(text)} holds two ranges`);
  if (upper.startsWith('-')) throw badSource(source, `${JSON.stringify(upper)} is not ${what}`);
  return upper === '' ? { since } : { since, upper };
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
      return `git ${source.ref}${source.path === undefined ? '' : `:${source.path}`}`;
    case 'git-log':
      return `git-log ${source.since === undefined ? '' : `${source.since}..`}${source.ref}${source.path === undefined ? '' : `:${source.path}`}`;
    case 'git-tags':
      return `git-tags ${source.since === undefined ? '' : `${source.since}..`}${source.glob}${source.path === undefined ? '' : `:${source.path}`}`;
    case 'dir':
      return `dir ${source.path}`;
    case 'glob':
      return `glob ${source.pattern}`;
    case 'registry':
    case 'pulsar':
      return `${source.kind} ${publicUrl(source.url)}`;
  }
}
