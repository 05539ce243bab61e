import { appendFileSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { NODE_FILES } from '../sources/folder-access.js';
import { MAX_FILE_BYTES, readAllBounded } from '../sources/read-file.js';
import { writeFileNoFollow } from '../sources/write-file.js';
import { readArgumentFile, stdinOnce } from './read-argument.js';
import { runCli } from './run.js';
import { readVersion } from './version.js';

// The entry of the `schema-compat` bin (dist/cli.js): wires Node's process and fs to runCli. It sets
// process.exitCode and never calls process.exit, so a long-running command (serve) keeps the process alive.
runCli(process.argv.slice(2), {
  readFile: (path) => readArgumentFile(path),
  readFileBytes: (path) => {
    const stats = statSync(path);
    if (!stats.isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTREG' });
    if (stats.size > MAX_FILE_BYTES) throw Object.assign(new Error(`${path} is larger than ${MAX_FILE_BYTES} bytes`), { code: 'ETOOLARGE' });
    return readFileSync(path);
  },
  listFiles: (dir) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name),
  folders: NODE_FILES,
  readStdin: stdinOnce(() => readAllBounded(0)),
  writeFile: (path, text) => writeFileNoFollow(path, text),
  appendFile: (path, text) => appendFileSync(path, text),
  cwd: () => process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  env: process.env,
  version: () => readVersion(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Not bad input but a bug: a distinct code, so it is never mistaken for "incompatible" (1) or "bad input" (2).
    process.stderr.write(`schema-compat: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 3;
  },
);
