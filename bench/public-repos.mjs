// node bench/public-repos.mjs [--mirror DIR] [--cache DIR] [--only NAME,...] [--steps N] [--pairs N] [--buf PATH] [--dist DIR]
//
// The gate on six public repositories whose schemas evolve in git (issue 22): for each, a clone
// (from GitHub into --cache, default $TMPDIR/schema-compat-public-repos, or from --mirror DIR, a
// folder of bare repositories named OWNER+NAME/repo), a .schema-compat.yaml written beside its files
// (never committed), and then:
//   - the gate on the working tree: exit code, subjects, time (and the time as a ratio of a cold pair
//     check: `node DIST/cli.js check NEW.avsc OLD.avsc` on two small files, measured in this run);
//   - a one-line break where the repository has one below: the gate's whole output and exit code;
//   - agreement with an independent oracle: `buf breaking` (WIRE) on each of the last --steps tag
//     steps of the Protobuf repositories (buf from --buf, else `npx -y @bufbuild/buf@1.75.0`), and
//     avsc 5.7.9 (`createResolver` throws or not) on up to --pairs consecutive versions of the Avro
//     files. Agreement must stay at 100%; a disagreement is printed with its step.
// Not run by `npm test`: it needs the network (or mirrors) and minutes. docs/repository.md records a run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import avro from 'avsc';
import { formatRatio } from './measure.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? fallback : args[at + 1];
};
const dist = resolve(option('dist', 'dist'));
const mirror = option('mirror', undefined);
const cache = resolve(option('cache', join(tmpdir(), 'schema-compat-public-repos')));
const only = option('only', undefined)?.split(',');
const maxSteps = Number(option('steps', '40'));
const maxPairs = Number(option('pairs', '400'));
const bufPath = option('buf', undefined);

const WIRE = '{"version":"v1","breaking":{"use":["WIRE"]}}';

/** The repositories, their configuration as a team would write it, and a one-line break where we have one. */
const REPOS = [
  {
    name: 'opentelemetry-proto', github: 'open-telemetry/opentelemetry-proto', paths: ['opentelemetry', 'buf.yaml'],
    config: 'defaults:\n  against: git-tags:v*\n  strategy: BACKWARD\n  rules: buf-wire\nsubjects:\n  - files: "opentelemetry/proto/**/*.proto"\n',
    oracle: { kind: 'buf', module: '.', tags: /^v\d+\.\d+\.\d+$/ },
    break: { file: 'opentelemetry/proto/common/v1/common.proto', from: '    double double_value = 4;', to: '    string double_value = 4;' },
  },
  {
    name: 'protovalidate', github: 'bufbuild/protovalidate', paths: ['proto', 'buf.yaml'],
    config: 'defaults:\n  against: git-tags:v*\n  strategy: BACKWARD\n  rules: buf-wire\nsubjects:\n  - files: "proto/protovalidate/**/*.proto"\nprotobuf:\n  importPaths: [proto/protovalidate]\n',
    oracle: { kind: 'buf', module: 'proto/protovalidate', tags: /^v\d+\.\d+\.\d+$/ },
    break: { file: 'proto/protovalidate/buf/validate/validate.proto', from: '  optional string expression = 3;', to: '  optional int64 expression = 3;' },
  },
  {
    name: 'venice', github: 'linkedin/venice', paths: ['internal', 'clients', 'services'],
    config: 'defaults:\n  against: git-log\n  strategy: BACKWARD\nsubjects:\n  - files: "**/src/main/resources/**/*.avsc"\n',
    flags: ['--skip-unparseable'],
    oracle: { kind: 'avsc', files: /\/src\/main\/resources\/.*\.avsc$/ },
  },
  {
    name: 'cloudevents-spec', github: 'cloudevents/spec', paths: ['cloudevents'],
    config: 'defaults:\n  against: git-log\n  strategy: BACKWARD\nsubjects:\n  - files: cloudevents/formats/cloudevents.json\n',
  },
  {
    name: 'image-spec', github: 'opencontainers/image-spec', paths: ['schema'],
    config: 'defaults:\n  against: git-tags:v1*\n  strategy: BACKWARD\nsubjects:\n  - files: "schema/*-schema.json"\nreferences: ["schema/*.json"]\n',
    flags: ['--skip-unparseable'],
  },
  {
    name: 'openlineage', github: 'OpenLineage/OpenLineage', paths: ['spec'],
    config: 'defaults:\n  against: git-log\n  strategy: BACKWARD\nsubjects:\n  - files: ["spec/OpenLineage.json", "spec/facets/*.json"]\nreferences: ["spec/OpenLineage.json", "spec/facets/*.json"]\n',
    flags: ['--skip-unparseable'],
  },
];

const git = (cwd, ...gitArgs) => execFileSync('git', gitArgs, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

/** A bare source for the repository: the mirror's, or a clone from GitHub kept in the cache. */
function sourceOf(repo) {
  const mirrored = mirror === undefined ? undefined : join(mirror, repo.github.replace('/', '+'), 'repo');
  if (mirrored !== undefined && existsSync(mirrored)) return mirrored;
  const bare = join(cache, `${repo.name}.git`);
  if (!existsSync(bare)) {
    mkdirSync(cache, { recursive: true });
    execFileSync('git', ['clone', '-q', '--bare', `https://github.com/${repo.github}.git`, bare], { stdio: 'inherit' });
  }
  return bare;
}

/**
 * A work tree of the schema paths only (a sparse checkout: a mirror may lack large unrelated blobs),
 * at HEAD, with the configuration beside it (untracked).
 */
function workTree(repo, source) {
  const dir = mkdtempSync(join(tmpdir(), `public-${repo.name}-`));
  git(tmpdir(), 'clone', '-q', '--no-checkout', source, dir);
  git(dir, 'sparse-checkout', 'set', '--no-cone', ...repo.paths.map((path) => `/${path}`));
  checkout(dir, 'HEAD');
  writeFileSync(join(dir, '.schema-compat.yaml'), repo.config);
  return dir;
}

/** The schema paths as `ref` has them: files of other refs removed, untracked files (the configuration) kept. */
function checkout(dir, ref) {
  git(dir, 'checkout', '-q', '-f', '--detach', ref);
}

function run(cwd, cliArgs) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [join(dist, 'cli.js'), ...cliArgs], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** The yardstick: one cold pair check in a new process, median of five. */
function coldPair() {
  const dir = mkdtempSync(join(tmpdir(), 'public-pair-'));
  const record = (fields) => JSON.stringify({ type: 'record', name: 'User', fields });
  writeFileSync(join(dir, 'old.avsc'), record([{ name: 'id', type: 'long' }]));
  writeFileSync(join(dir, 'new.avsc'), record([{ name: 'id', type: 'long' }, { name: 'email', type: ['null', 'string'], default: null }]));
  const times = Array.from({ length: 5 }, () => run(dir, ['check', 'new.avsc', 'old.avsc']).seconds).sort((a, b) => a - b);
  rmSync(dir, { recursive: true, force: true });
  return times[2];
}

const lastLine = (text) => text.trimEnd().split('\n').at(-1) ?? '';

function bufBreaking(dir, module, against) {
  const command = bufPath === undefined ? ['npx', ['-y', '@bufbuild/buf@1.75.0']] : [bufPath, []];
  const result = spawnSync(command[0], [...command[1], 'breaking', module, '--against', `.git#ref=${against},subdir=${module}`, '--config', WIRE], { cwd: dir, encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Whether every subject our JSON report fails is a file git sees renamed between the two refs. */
function failsOnlyOnRenamed(dir, json, before, after) {
  const renamedTo = new Set(git(dir, 'diff', '--name-status', '-M', before, after).split('\n').filter((line) => line.startsWith('R')).map((line) => line.split('\t')[2]));
  const failing = JSON.parse(json).subjects.filter((subject) => subject.status === 'incompatible');
  return failing.length > 0 && failing.every((subject) => renamedTo.has(subject.file));
}

/** Each of the last `maxSteps` tag steps: our gate (BACKWARD, buf-wire, against the tag before) and `buf breaking` (WIRE). */
function bufAgreement(repo, dir) {
  const tags = git(dir, 'tag', '--sort=v:refname').split('\n').filter((tag) => repo.oracle.tags.test(tag));
  const steps = tags.slice(1).map((tag, i) => [tags[i], tag]).slice(-maxSteps);
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  let agreed = 0;
  let compared = 0;
  const skipped = [];
  const renamed = [];
  for (const [before, after] of steps) {
    checkout(dir, after);
    writeFileSync(join(dir, '.schema-compat.yaml'), repo.config.replace(/against: .*/, `against: "git:${before}"`));
    const ours = run(dir, ['check', '--format', 'json']);
    const theirs = bufBreaking(dir, repo.oracle.module, before);
    if (ours.code === 2 || (theirs.code !== 0 && theirs.code !== 100)) {
      skipped.push(`${before}..${after} (${ours.code === 2 ? `ours: ${lastLine(ours.stderr || ours.stdout).slice(0, 120)}` : `buf: ${lastLine(theirs.out).slice(0, 120)}`})`);
      continue;
    }
    compared += 1;
    if ((ours.code === 1) === (theirs.code === 100)) agreed += 1;
    else if (ours.code === 1 && failsOnlyOnRenamed(dir, ours.stdout, before, after)) {
      // Buf matches files by path: a renamed file is a deleted one (FILE_NO_DELETE, not in WIRE) and a new one, so
      // it compares nothing; the gate follows the rename (issue 22 item 2) and compares the file with its old self.
      renamed.push(`${before}..${after}`);
    } else console.log(`  DISAGREE ${before}..${after}: ours exit ${ours.code}, buf exit ${theirs.code}\n${theirs.out.split('\n').slice(0, 5).map((line) => `    buf: ${line}`).join('\n')}`);
  }
  checkout(dir, head);
  writeFileSync(join(dir, '.schema-compat.yaml'), repo.config);
  const byDesign = renamed.length === 0 ? '' : `; differ by design (a file renamed in the step, which the gate follows and buf does not): ${renamed.join(', ')}`;
  return { what: `buf breaking (WIRE) on tag steps`, compared: compared - renamed.length, agreed, skipped, note: byDesign };
}

/** Consecutive committed versions of the Avro files (newest pairs first): our BACKWARD verdict against avsc's resolver. */
async function avscAgreement(repo, dir) {
  const { checkCompatibility } = await import(join(dist, 'index.js'));
  const files = git(dir, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n').filter((path) => repo.oracle.files.test(path));
  let agreed = 0;
  let compared = 0;
  let unparsed = 0;
  for (const file of files) {
    if (compared >= maxPairs) break;
    const commits = git(dir, 'log', '--format=%H', '--no-renames', '--', file).split('\n').filter(Boolean);
    const texts = [];
    for (const commit of commits) {
      try {
        texts.push(git(dir, 'show', `${commit}:${file}`));
      } catch {
        break;
      }
    }
    for (let i = 0; i + 1 < texts.length && compared < maxPairs; i++) {
      const [newer, older] = [texts[i], texts[i + 1]];
      if (newer === older) continue;
      let theirs;
      let ours;
      try {
        const reader = avro.Type.forSchema(JSON.parse(newer));
        const writer = avro.Type.forSchema(JSON.parse(older));
        try {
          reader.createResolver(writer);
          theirs = true;
        } catch {
          theirs = false;
        }
        ours = checkCompatibility('BACKWARD', newer, [older]).compatible;
      } catch {
        unparsed += 1;
        continue;
      }
      compared += 1;
      if (ours === theirs) agreed += 1;
      else console.log(`  DISAGREE ${file} ${commits[i + 1].slice(0, 9)}..${commits[i].slice(0, 9)}: ours ${ours ? 'compatible' : 'incompatible'}, avsc ${theirs ? 'resolves' : 'refuses'}`);
    }
  }
  return { what: 'avsc 5.7.9 createResolver on consecutive versions', compared, agreed, skipped: unparsed === 0 ? [] : [`${unparsed} pairs one of the two does not parse`] };
}

const yardstick = coldPair();
console.log(`Yardstick: one cold pair check (a new process, two small .avsc files) = ${yardstick.toFixed(2)} s = 1×\n`);
for (const repo of REPOS.filter((entry) => only === undefined || only.includes(entry.name))) {
  const dir = workTree(repo, sourceOf(repo));
  try {
    const gate = run(dir, ['check', ...(repo.flags ?? [])]);
    console.log(`== ${repo.name} (${repo.github}, HEAD ${git(dir, 'rev-parse', '--short', 'HEAD').trim()})`);
    console.log(`  gate on the working tree: exit ${gate.code}, ${lastLine(gate.stdout)}, ${gate.seconds.toFixed(1)} s = ${formatRatio(gate.seconds / yardstick)} a cold pair check`);
    if (gate.code === 2) console.log(gate.stderr.split('\n').slice(0, 5).map((line) => `  ${line}`).join('\n'));
    if (repo.break !== undefined) {
      const path = join(dir, repo.break.file);
      const text = git(dir, 'show', `HEAD:${repo.break.file}`);
      const broken = text.replace(repo.break.from, repo.break.to);
      if (broken === text) console.log(`  one-line break: ${repo.break.file} no longer has the line to change`);
      else {
        writeFileSync(path, broken);
        const result = run(dir, ['check', ...(repo.flags ?? [])]);
        console.log(`  one-line break in ${repo.break.file}: exit ${result.code}, ${result.stdout.split('\n').length} lines, ${result.seconds.toFixed(1)} s; the whole output:`);
        console.log(result.stdout.trimEnd().split('\n').map((line) => `    | ${line}`).join('\n'));
        writeFileSync(path, text);
      }
    }
    if (repo.oracle !== undefined) {
      const agreement = repo.oracle.kind === 'buf' ? bufAgreement(repo, dir) : await avscAgreement(repo, dir);
      const share = agreement.compared === 0 ? 'nothing compared' : `${agreement.agreed} of ${agreement.compared} agree (${((100 * agreement.agreed) / agreement.compared).toFixed(1)}%)`;
      console.log(`  ${agreement.what}: ${share}${agreement.skipped.length === 0 ? '' : `; not compared: ${agreement.skipped.length}`}${agreement.note ?? ''}`);
      for (const line of agreement.skipped.slice(0, 5)) console.log(`    not compared: ${line}`);
    }
    console.log('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
