// Buf sentence agreement of a build: node test/protobuf/buf-sentences-agreement.mjs [dist folder] [--show]
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agreement } from './buf-sentence-cases.mjs';

const given = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const dist = resolve(given ?? new URL('../../dist', import.meta.url).pathname);
const { ProtobufChecker } = await import(pathToFileURL(join(dist, 'protobuf.js')).href);
const { equal, total, misses } = agreement(ProtobufChecker);
console.log(`Buf sentence agreement (${dist}): ${equal}/${total} sentences equal to Buf's`);
if (process.argv.includes('--show')) for (const miss of misses) console.log(JSON.stringify(miss, null, 1));
