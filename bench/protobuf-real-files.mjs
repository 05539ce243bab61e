// Real-file parse rate of the Protobuf checker: parses every .proto file of a repository with its
// imports resolved from the same repository, and counts how many parse (issue 15).
//
//   npm run build && node bench/protobuf-real-files.mjs <repository> [--dist <dist folder>] [--every N] [--show N]
//
// <repository> is a folder of .proto files or a bare git directory (its HEAD is read with
// `git ls-tree`/`git cat-file`, no work tree needed). Imports resolve against include roots, as a
// build's -I flags would: the module paths of a top-level buf.yaml (v2) or the directories of a
// buf.work.yaml when there is one, else the repository's top and every folder that serves two import
// names or more. `google/protobuf/*.proto` imports are left to the checker's built-in well-known
// types, as protoc leaves them to its own. A file with an import found nowhere is counted apart
// (not the parser's fault). --dist measures another build (e.g. one of an older commit, with a
// package.json and node_modules beside its dist/ so that `schema-compat` and protobufjs resolve);
// --every N parses every Nth file only.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

function argument(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

const repository = process.argv[2];
if (repository === undefined || repository.startsWith('--')) {
  console.error('usage: node bench/protobuf-real-files.mjs <folder or bare git directory> [--dist <dist folder>] [--every N] [--show N]');
  process.exit(2);
}
const dist = resolve(argument('--dist', new URL('../dist', import.meta.url).pathname));
const every = Number(argument('--every', '1'));
const show = Number(argument('--show', '5'));
const { ProtobufChecker, ProtobufReferenceCache } = await import(pathToFileURL(join(dist, 'protobuf.js')).href);

let absent = 0;

/** Every .proto file of the repository, path to text (and its top-level buf.yaml and buf.work.yaml, for include roots). */
function protoFiles(root) {
  if (statSync(join(root, 'HEAD'), { throwIfNoEntry: false })?.isFile()) {
    const git = (...args) => execFileSync('git', [`--git-dir=${root}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
    const entries = git('ls-tree', '-r', 'HEAD').split('\n').filter((line) => /\t(.*\.proto|buf\.yaml|buf\.work\.yaml)$/.test(line));
    const objects = entries.map((line) => line.split('\t')).map(([meta, path]) => [path, meta.split(' ')[2]]);
    // One `git cat-file --batch` for all blobs: "<sha> blob <size>\n<content>\n" each.
    const out = execFileSync('git', [`--git-dir=${root}`, 'cat-file', '--batch'], { input: objects.map(([, sha]) => sha).join('\n') + '\n', maxBuffer: 1 << 30 });
    const files = new Map();
    let at = 0;
    for (const [path] of objects) {
      const headerEnd = out.indexOf(10, at);
      const [, type, size] = out.subarray(at, headerEnd).toString('latin1').split(' ');
      at = headerEnd + 1;
      // A blob the mirror left out ("<sha> missing"): the file is counted as absent.
      if (type !== 'blob') continue;
      files.set(path, out.subarray(at, at + Number(size)).toString('utf8'));
      at += Number(size) + 1;
    }
    absent = objects.length - files.size;
    return files;
  }
  const files = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== '.git' && entry.name !== 'node_modules') walk(join(dir, entry.name));
      else if (entry.name.endsWith('.proto') || (dir === root && /^buf(\.work)?\.yaml$/.test(entry.name))) files.set(relative(root, join(dir, entry.name)).split('\\').join('/'), readFileSync(join(dir, entry.name), 'utf8'));
    }
  };
  walk(root);
  return files;
}

const IMPORT = /^\s*import\s+(?:public\s+|weak\s+)?["']([^"']+)["']/gm;
const importsOf = (text) => [...text.matchAll(IMPORT)].map((match) => match[1]);

const allFiles = protoFiles(resolve(repository));
const files = new Map([...allFiles].filter(([path]) => path.endsWith('.proto')));

/** The include roots Buf's configuration names: buf.yaml v2 module paths, or buf.work.yaml v1 directories. */
function configuredRoots() {
  const config = parse(allFiles.get('buf.yaml') ?? '') ?? {};
  const work = parse(allFiles.get('buf.work.yaml') ?? '') ?? {};
  const roots = [...(Array.isArray(config.modules) ? config.modules.map((module) => module?.path) : []), ...(Array.isArray(work.directories) ? work.directories : [])];
  return roots.filter((root) => typeof root === 'string' && root !== '.').map((root) => `${root.replace(/\/+$/, '')}/`);
}

/**
 * Include roots, as a build's -I flags would be: the folder a file's path keeps once an import
 * name that names it is cut off its end. A root counts when it is the repository's top or serves
 * two import names or more (a lone suffix match, e.g. `validate/validate.proto` matching
 * `proto/buf/validate/validate.proto`, is another file's name, not an include root).
 */
function includeRoots() {
  const namesByRoot = new Map();
  const byBaseName = new Map();
  for (const path of files.keys()) {
    const base = path.split('/').pop();
    byBaseName.set(base, [...(byBaseName.get(base) ?? []), path]);
  }
  for (const name of new Set([...files.values()].flatMap(importsOf))) {
    for (const path of byBaseName.get(name.split('/').pop()) ?? []) {
      if (path !== name && !path.endsWith(`/${name}`)) continue;
      const root = path.slice(0, path.length - name.length);
      namesByRoot.set(root, (namesByRoot.get(root) ?? new Set()).add(name));
    }
  }
  return [...namesByRoot].filter(([root, names]) => root === '' || names.size >= 2).sort((a, b) => b[1].size - a[1].size).map(([root]) => root);
}
const roots = configuredRoots().length > 0 ? configuredRoots() : includeRoots();
const pathOf = (name) => roots.map((root) => root + name).find((path) => files.has(path));

/** The references one file needs (its imports, transitively, by import name), or the first import found nowhere. */
function referencesOf(text) {
  const references = {};
  const pending = importsOf(text);
  while (pending.length > 0) {
    const name = pending.pop();
    if (name.startsWith('google/protobuf/') || Object.hasOwn(references, name)) continue;
    const path = pathOf(name);
    if (path === undefined) return { missing: name };
    references[name] = files.get(path);
    pending.push(...importsOf(references[name]));
  }
  return { references };
}

const checker = new ProtobufChecker();
const referenceCache = ProtobufReferenceCache === undefined ? undefined : new ProtobufReferenceCache();
const counts = { files: 0, missingImport: 0, parsed: 0, failed: 0 };
const failures = new Map();
const started = performance.now();
[...files.keys()].sort().forEach((path, index) => {
  if (index % every !== 0) return;
  counts.files++;
  const text = files.get(path);
  const { references, missing } = referencesOf(text);
  if (missing !== undefined) {
    counts.missingImport++;
    return;
  }
  try {
    checker.parse(text, { references, label: path, ...(referenceCache === undefined ? {} : { referenceCache }) });
    counts.parsed++;
  } catch (error) {
    counts.failed++;
    const rule = error.rule ?? error.name;
    failures.set(rule, [...(failures.get(rule) ?? []), error.message.split('\n')[0]]);
  }
});
const seconds = (performance.now() - started) / 1000;
const resolvable = counts.files - counts.missingImport;
const percent = resolvable === 0 ? 'n/a' : `${((100 * counts.parsed) / resolvable).toFixed(1)}%`;
console.log(`${repository} (build ${dist}): ${counts.files} .proto files${every > 1 ? ` (every ${every}th)` : ''}, ${counts.missingImport} with an import not in the repository${absent > 0 ? ` (${absent} files absent from the git directory)` : ''}; include roots ${roots.map((root) => `"${root}"`).join(', ')}`);
console.log(`  parsed ${counts.parsed}/${resolvable} (${percent}), failed ${counts.failed}, in ${seconds.toFixed(1)} s${referenceCache === undefined ? '' : ' (one ProtobufReferenceCache)'}`);
for (const [rule, messages] of [...failures].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`  ${rule}: ${messages.length}`);
  for (const message of messages.slice(0, show)) console.log(`    ${message.slice(0, 240)}`);
}
