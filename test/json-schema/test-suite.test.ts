// The official JSON-Schema-Test-Suite (test/fixtures/json-schema-test-suite, MIT) through the public API:
// every case is parsed with JsonSchemaChecker and each instance validated with validateInstance. The pass
// counts are pinned per draft (required tests, and optional/format apart), so that a regression or an
// improvement fails until the numbers here are updated; ajv 8 runs the same cases as a yardstick.
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, validateInstance } from 'schema-compat';
import type { Draft } from 'schema-compat';

const SUITE = fileURLToPath(new URL('../fixtures/json-schema-test-suite/', import.meta.url));
const REMOTE_BASE = 'http://localhost:1234/';
const draft06 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-06.json') as object;

interface SuiteTest { readonly description: string; readonly data: unknown; readonly valid: boolean }
interface SuiteGroup { readonly description: string; readonly schema: unknown; readonly tests: readonly SuiteTest[] }
interface SuiteCase { readonly file: string; readonly group: string; readonly test: string; readonly schema: unknown; readonly data: unknown; readonly valid: boolean }
interface Tally { readonly passed: number; readonly total: number }

const FOLDERS: Readonly<Record<Draft, string>> = { 'draft-04': 'draft4', 'draft-06': 'draft6', 'draft-07': 'draft7', '2019-09': 'draft2019-09', '2020-12': 'draft2020-12' };
const DRAFTS = Object.keys(FOLDERS) as Draft[];

/** Pass counts of this library, pinned: update them (and say why in the commit) when they move. */
const PINNED: Readonly<Record<Draft, { readonly required: Tally; readonly format: Tally }>> = {
  'draft-04': { required: { passed: 618, total: 618 }, format: { passed: 219, total: 219 } },
  'draft-06': { required: { passed: 839, total: 839 }, format: { passed: 289, total: 325 } },
  'draft-07': { required: { passed: 927, total: 927 }, format: { passed: 534, total: 676 } },
  '2019-09': { required: { passed: 1254, total: 1259 }, format: { passed: 590, total: 757 } },
  '2020-12': { required: { passed: 1279, total: 1299 }, format: { passed: 597, total: 764 } },
};

function readCases(folder: string): SuiteCase[] {
  const cases: SuiteCase[] = [];
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.json')).sort()) {
    const groups = JSON.parse(readFileSync(join(folder, name), 'utf8')) as SuiteGroup[];
    for (const group of groups) {
      for (const test of group.tests) cases.push({ file: name, group: group.description, test: test.description, schema: group.schema, data: test.data, valid: test.valid });
    }
  }
  return cases;
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)]));
}

/** The suite's remote documents by URL (`http://localhost:1234/...`), read from disk. */
const REMOTES: ReadonlyMap<string, { readonly text: string; readonly value: object }> = new Map(
  listFiles(join(SUITE, 'remotes')).map((path) => {
    const text = readFileSync(path, 'utf8');
    return [`${REMOTE_BASE}${relative(join(SUITE, 'remotes'), path).split('\\').join('/')}`, { text, value: JSON.parse(text) as object }];
  }),
);

/** Remotes of a draft: its own folder for 2019-09 and 2020-12, the top-level ones and its folder before. */
function draftRemotes(draft: Draft): string[] {
  const folder = `${REMOTE_BASE}${FOLDERS[draft]}/`;
  return [...REMOTES.keys()].filter((url) => url.startsWith(folder) || (!url.slice(REMOTE_BASE.length).startsWith('draft') && !draft.startsWith('20')));
}

/**
 * The remotes a schema may reach: those whose file name its text (or a reached remote's text) mentions,
 * since relative references (`folderInteger.json` under an `$id` of `baseUriChange/`) name only that.
 */
function reachableRemotes(draft: Draft, schema: unknown): Record<string, object> {
  const candidates = draftRemotes(draft);
  const reached: Record<string, object> = {};
  const texts = [JSON.stringify(schema)];
  while (texts.length > 0) {
    const text = texts.pop() as string;
    for (const url of candidates) {
      const remote = REMOTES.get(url);
      if (remote === undefined || url in reached || !text.includes(basename(url))) continue;
      reached[url] = remote.value;
      texts.push(remote.text);
    }
  }
  return reached;
}

/** Does this library get the case right? A schema it refuses fails every case of its group. */
function oursPasses(draft: Draft, suiteCase: SuiteCase, parsed: Map<unknown, ReturnType<JsonSchemaChecker['parse']> | Error>): boolean {
  let document = parsed.get(suiteCase.schema);
  if (document === undefined) {
    try {
      document = new JsonSchemaChecker({ defaultDraft: draft }).parse(suiteCase.schema as object, { references: reachableRemotes(draft, suiteCase.schema) });
    } catch (error) {
      document = error as Error;
    }
    parsed.set(suiteCase.schema, document);
  }
  if (document instanceof Error || document.kind !== 'json-schema') return false;
  const verdict = validateInstance(document.root, suiteCase.data as never);
  return verdict === (suiteCase.valid ? 'valid' : 'invalid');
}

type AjvCheck = ((data: unknown) => boolean) | Error;

/** ajv 8 with ajv-formats for a draft, the draft's remotes added; undefined for draft 4 (ajv-draft-04 is not installed). */
function ajvFor(draft: Draft, schema: unknown): AjvCheck | undefined {
  if (draft === 'draft-04') return undefined;
  const options = { strict: false, validateSchema: false, logger: false } as const;
  const ajv = draft === '2020-12' ? new Ajv2020(options) : draft === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  if (draft === 'draft-06') ajv.addMetaSchema(draft06);
  addFormats(ajv);
  for (const [url, value] of Object.entries(reachableRemotes(draft, schema))) {
    try {
      ajv.addSchema(value, url);
    } catch {
      // A remote ajv refuses (a custom metaschema) is left out: the cases needing it fail, as for us.
    }
  }
  try {
    const validate = ajv.compile(typeof schema === 'boolean' ? schema : (schema as object));
    return (data) => validate(data) === true;
  } catch (error) {
    return error as Error;
  }
}

function ajvPasses(draft: Draft, suiteCase: SuiteCase, compiled: Map<unknown, AjvCheck | undefined>): boolean | undefined {
  if (!compiled.has(suiteCase.schema)) compiled.set(suiteCase.schema, ajvFor(draft, suiteCase.schema));
  const check = compiled.get(suiteCase.schema);
  if (check === undefined) return undefined;
  if (check instanceof Error) return false;
  try {
    return check(suiteCase.data) === suiteCase.valid;
  } catch {
    return false;
  }
}

interface Run { readonly ours: Tally; readonly ajv: Tally | undefined; readonly results: ReadonlyArray<{ readonly suiteCase: SuiteCase; readonly ours: boolean; readonly ajv: boolean | undefined }> }

function run(draft: Draft, folder: string): Run {
  const parsed = new Map<unknown, ReturnType<JsonSchemaChecker['parse']> | Error>();
  const compiled = new Map<unknown, AjvCheck | undefined>();
  const results = readCases(folder).map((suiteCase) => ({ suiteCase, ours: oursPasses(draft, suiteCase, parsed), ajv: ajvPasses(draft, suiteCase, compiled) }));
  const total = results.length;
  const ajvRan = results.every((result) => result.ajv !== undefined);
  return {
    ours: { passed: results.filter((result) => result.ours).length, total },
    ajv: ajvRan ? { passed: results.filter((result) => result.ajv).length, total } : undefined,
    results,
  };
}

/** The formats the validator asserts (docs/json-schema.md, "Formats"); the others' cases count but are not compared. */
const ASSERTED_FORMATS = ['date', 'time', 'date-time', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid', 'uri'];

const tally = (t: Tally | undefined): string => (t === undefined ? 'n/a (ajv-draft-04 not installed)' : `${t.passed}/${t.total}`);

describe('JSON-Schema-Test-Suite', () => {
  const runs = new Map(DRAFTS.map((draft) => [draft, { required: run(draft, join(SUITE, 'tests', FOLDERS[draft])), format: run(draft, join(SUITE, 'tests', FOLDERS[draft], 'optional', 'format')) }]));
  for (const [draft, { required, format }] of runs) {
    if (process.env['SUITE_FAILURES'] !== undefined) {
      for (const { suiteCase, ours, ajv } of [...required.results, ...format.results]) {
        if (!ours) console.log(`  ${draft} ${suiteCase.file} | ${suiteCase.group} | ${suiteCase.test}${ajv ? ' (ajv passes)' : ''}`);
      }
    }
    console.log(`${draft}: required ${tally(required.ours)} (ajv ${tally(required.ajv)}); optional/format ${tally(format.ours)} (ajv + ajv-formats ${tally(format.ajv)})`);
  }

  it.each(DRAFTS)('%s: the pass counts are the pinned ones', (draft) => {
    const { required, format } = runs.get(draft) as { required: Run; format: Run };
    expect({ required: required.ours, format: format.ours }).toEqual(PINNED[draft]);
  });

  it.each(DRAFTS.filter((draft) => draft !== 'draft-04'))('%s: every asserted format passes its optional/format cases wherever ajv-formats does', (draft) => {
    const { format } = runs.get(draft) as { format: Run };
    const asserted = format.results.filter(({ suiteCase }) => ASSERTED_FORMATS.includes(suiteCase.file.replace(/\.json$/, '')));
    expect(asserted.length).toBeGreaterThan(0);
    const behind = asserted.filter((result) => result.ajv === true && !result.ours).map(({ suiteCase }) => `${suiteCase.file} | ${suiteCase.test} | ${JSON.stringify(suiteCase.data)}`);
    expect(behind).toEqual([]);
  });

  it.each(DRAFTS.filter((draft) => draft !== 'draft-04'))('%s: required tests pass at least as often as with ajv', (draft) => {
    const { required } = runs.get(draft) as { required: Run };
    expect(required.ours.passed).toBeGreaterThanOrEqual(required.ajv?.passed ?? Infinity);
  });
});
