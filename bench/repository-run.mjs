// node bench/repository-run.mjs [--dist DIR] [--jobs 1,4] [--rounds N] [--sources git-log,git-tags] [--keep]
//
// A repository run (`schema-compat check` without FILE) on a synthetic repository built with real git
// in a temporary folder: 227 Avro subjects (records of 10 to 40 fields, a third of them using named
// types of shared reference files), a first-parent history of 300 commits in which each subject
// changes 5 to 20 times, a few files renamed, a tag every 20 commits, and a work tree in which 20
// subjects gained a field (the pull request). It times `node DIR/cli.js check` against `git-log:main`
// and `git-tags:v*`, with `--jobs N` for each N given (`--jobs default` runs without the flag, for a
// build that has none), interleaved with a yardstick in the same process: a cold pair check, one
// `node DIR/cli.js check NEW.avsc OLD.avsc` (process start, one parse and check). It prints the
// median seconds of each and its ratio to the yardstick (docs/performance.md, "Repository runs").
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatRatio } from './measure.mjs';

const SUBJECTS = 227;
const COMMITS = 300;
const TAG_EVERY = 20;
const SHARED = 12;
const RENAMED = 6;
const CHANGED_IN_WORK_TREE = 20;

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? fallback : args[at + 1];
};
const dist = resolve(option('dist', 'dist'));
const jobs = option('jobs', '1,4').split(',');
const rounds = Number(option('rounds', '3'));
const sources = option('sources', 'git-log,git-tags').split(',');

/** A deterministic pseudo-random sequence (mulberry32), so every run builds the same repository. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(22);
const pick = (n) => Math.floor(rand() * n);

const FIELD_TYPES = ['int', 'long', 'string', 'boolean', 'double', ['null', 'string'], { type: 'array', items: 'string' }, { type: 'map', values: 'long' }];

/** The shared named types (schemas/common/typeK.avsc), each at its `version` (fields added over time). */
function sharedType(k, version) {
  if (k % 3 === 2) return { type: 'enum', name: `Kind${k}`, namespace: 'bench.common', symbols: Array.from({ length: 3 + version }, (_, i) => `S${i}`), default: 'S0' };
  const fields = [{ name: 'id', type: 'long' }, ...Array.from({ length: version }, (_, i) => ({ name: `extra${i}`, type: ['null', 'string'], default: null }))];
  return { type: 'record', name: `Shared${k}`, namespace: 'bench.common', fields };
}

/** A subject's schema at `version`: its own base fields, one optional field per version after the first, and maybe a shared type. */
function subjectSchema(subject, version) {
  const fields = subject.base.map((type, i) => ({ name: `f${i}`, type }));
  for (let v = 1; v < version; v++) fields.push({ name: `added${v}`, type: ['null', 'long'], default: null });
  if (subject.shared !== undefined) fields.push({ name: 'shared', type: `bench.common.${sharedType(subject.shared, 0).name}` });
  return { type: 'record', name: `Subject${subject.index}`, namespace: `bench.${subject.group}`, fields };
}

const text = (schema) => `${JSON.stringify(schema, null, 2)}\n`;

/** The repository's plan: subjects, which commit changes what, where renames and tags are. */
function plan() {
  const subjects = Array.from({ length: SUBJECTS }, (_, index) => ({
    index,
    group: `group${index % 9}`,
    path: `schemas/subjects/group${index % 9}/subject${index}.avsc`,
    base: Array.from({ length: 9 + pick(31) }, () => FIELD_TYPES[pick(FIELD_TYPES.length)]),
    shared: index % 3 === 0 ? pick(SHARED) : undefined,
    changes: 5 + pick(16),
    version: 0,
  }));
  const commits = Array.from({ length: COMMITS }, () => ({ subjects: new Set(), shared: new Set(), renames: [] }));
  for (const subject of subjects) {
    // The first change adds the file, within the first 60 commits; the others spread over the rest.
    commits[pick(60)].subjects.add(subject.index);
    subject.firstCommit = commits.findIndex((commit) => commit.subjects.has(subject.index));
    for (let c = 1; c < subject.changes; c++) commits[subject.firstCommit + 1 + pick(COMMITS - subject.firstCommit - 1)].subjects.add(subject.index);
  }
  for (let k = 0; k < SHARED; k++) for (let c = 0; c < 3; c++) commits[70 + pick(COMMITS - 70)].shared.add(k);
  for (let r = 0; r < RENAMED; r++) commits[100 + r * 30].renames.push(r * 37 + 5);
  return { subjects, commits };
}

/** A `git fast-import` stream of the plan (git-fast-import(1)): blobs inline, lightweight tags. */
function fastImport({ subjects, commits }) {
  const sharedVersions = Array.from({ length: SHARED }, () => 0);
  const chunks = [];
  const data = (content) => `data ${Buffer.byteLength(content)}\n${content}\n`;
  commits.forEach((commit, c) => {
    const day = new Date(Date.UTC(2026, 0, 1) + c * 3600_000).toISOString();
    const seconds = Math.floor(Date.parse(day) / 1000);
    chunks.push(`commit refs/heads/main\nmark :${c + 1}\ncommitter Bench <bench@example.com> ${seconds} +0000\n${data(`commit ${c}`)}`);
    if (c > 0) chunks.push(`from :${c}\n`);
    if (c === 0) for (let k = 0; k < SHARED; k++) chunks.push(`M 100644 inline schemas/common/type${k}.avsc\n${data(text(sharedType(k, 0)))}`);
    for (const k of commit.shared) {
      sharedVersions[k] += 1;
      chunks.push(`M 100644 inline schemas/common/type${k}.avsc\n${data(text(sharedType(k, sharedVersions[k])))}`);
    }
    for (const index of commit.renames) {
      const subject = subjects[index];
      if (subject.version === 0) continue;
      const to = subject.path.replace(/subject(\d+)\.avsc$/, 'renamed$1.avsc');
      chunks.push(`R ${subject.path} ${to}\n`);
      subject.path = to;
    }
    for (const index of commit.subjects) {
      const subject = subjects[index];
      subject.version += 1;
      chunks.push(`M 100644 inline ${subject.path}\n${data(text(subjectSchema(subject, subject.version)))}`);
    }
    chunks.push('\n');
    if ((c + 1) % TAG_EVERY === 0) chunks.push(`reset refs/tags/v1.${(c + 1) / TAG_EVERY}.0\nfrom :${c + 1}\n\n`);
  });
  return chunks.join('');
}

function buildRepository() {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-bench-repo-'));
  const git = (...gitArgs) => execFileSync('git', ['-c', 'init.defaultBranch=main', ...gitArgs], { cwd: dir, stdio: ['pipe', 'pipe', 'inherit'] });
  git('init', '--quiet');
  const layout = plan();
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: fastImport(layout), stdio: ['pipe', 'inherit', 'inherit'] });
  git('checkout', '--quiet', '-f', 'main');
  // The pull request: some subjects gain an optional field.
  for (let i = 0; i < CHANGED_IN_WORK_TREE; i++) {
    const subject = layout.subjects[(i * 11) % SUBJECTS];
    writeFileSync(join(dir, subject.path), text(subjectSchema(subject, subject.version + 1)));
  }
  writeFileSync(join(dir, '.schema-compat.yaml'), [
    'defaults:',
    '  strategy: BACKWARD_TRANSITIVE',
    '  against: git-log:main',
    'subjects:',
    '  - files: "schemas/subjects/**/*.avsc"',
    '    subject: "{name}-value"',
    'references:',
    '  - schemas/common/**',
    '',
  ].join('\n'));
  const pair = join(dir, 'pair');
  mkdirSync(pair);
  writeFileSync(join(pair, 'old.avsc'), text(subjectSchema(layout.subjects[1], 1)));
  writeFileSync(join(pair, 'new.avsc'), text(subjectSchema(layout.subjects[1], 2)));
  return { dir, layout };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs the CLI in `cwd`; answers the seconds it took, and its exit status and output size. */
function timeCli(cwd, cliArgs) {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [join(dist, 'cli.js'), ...cliArgs], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0 && run.status !== 1) throw new Error(`schema-compat ${cliArgs.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 2000)}`);
  return { seconds, status: run.status, stdout: run.stdout };
}

const built = Date.now();
const { dir, layout } = buildRepository();
const versions = layout.subjects.reduce((sum, subject) => sum + subject.changes, 0);
console.log(`Repository runs: ${SUBJECTS} Avro subjects (${versions} committed versions, a third using ${SHARED} shared types), ${COMMITS} commits, ${RENAMED} renames, a tag every ${TAG_EVERY} commits; built in ${((Date.now() - built) / 1000).toFixed(1)} s`);
try {
  const yardstick = () => timeCli(dir, ['check', join(dir, 'pair', 'new.avsc'), join(dir, 'pair', 'old.avsc')]);
  const runs = [];
  for (const source of sources) for (const n of jobs) runs.push({ source, n, args: ['check', '--format', 'json', ...(source === 'git-log' ? [] : ['--against', 'git-tags:v*']), ...(n === 'default' ? [] : ['--jobs', n])] });
  const times = { yardstick: [] };
  const ratios = Object.fromEntries(runs.map((run) => [`${run.source} ${run.n}`, []]));
  const reports = new Map();
  for (let round = 0; round < rounds; round++) {
    for (const run of round % 2 ? [...runs].reverse() : runs) {
      const base = yardstick().seconds;
      times.yardstick.push(base);
      const key = `${run.source} ${run.n}`;
      const result = timeCli(dir, run.args);
      (times[key] ??= []).push(result.seconds);
      ratios[key].push(result.seconds / base);
      const summary = JSON.parse(result.stdout).summary;
      reports.set(key, summary);
    }
  }
  console.log(`  yardstick: a cold pair check (node ${join(dist, 'cli.js')} check NEW OLD) = 1×, median ${median(times.yardstick).toFixed(3)} s`);
  for (const run of runs) {
    const key = `${run.source} ${run.n}`;
    const label = `${run.source}${run.n === 'default' ? '' : ` --jobs ${run.n}`}`;
    console.log(`  ${label.padEnd(22)} ${median(times[key]).toFixed(2).padStart(7)} s  ${formatRatio(median(ratios[key])).padStart(7)}   (${reports.get(key)})`);
  }
} finally {
  if (args.includes('--keep')) console.log(`  kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
