// What `npm start` runs (after `npm run build`): the CLI on the example User history.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
// Paths relative to the repository root (the child's cwd), so the CLI's messages name short paths.
const file = (name) => `examples/user/${name}`;

const args = [
  cli, 'check', '--strategy', 'BACKWARD_TRANSITIVE', '--explain',
  file('candidate.avsc'), file('v1.avsc'), file('v2.avsc'), file('v3.avsc'), file('v4.avsc'),
];
const child = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (child.error) throw child.error;

const code = child.status ?? 2;
const meaning = { 0: 'compatible', 1: 'incompatible', 2: 'bad input or usage' }[code] ?? 'an internal error';
console.log(
  `\nschema-compat exited with ${code} (${meaning}).` +
    (code === 1 ? ' That is what this example demonstrates: candidate.avsc may not follow v1..v4 under BACKWARD_TRANSITIVE.' : ''),
);
process.exitCode = code === 0 || code === 1 ? 0 : code;
