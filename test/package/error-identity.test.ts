import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 24 item 5: the package loaded twice (its CommonJS build by one dependency, its ESM build by
// another) has two copies of each error class; `instanceof` and `isSchemaCompatError` still recognise
// an error of either copy. Reads dist/ (the global setup builds it; under the no-setup config, run
// `npx tsup` first).

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

interface ErrorsModule {
  readonly SchemaCompatError: abstract new (...args: never[]) => Error;
  readonly UnknownStrategyError: abstract new (...args: never[]) => Error;
  readonly SchemaParseError: abstract new (...args: never[]) => Error;
  readonly isSchemaCompatError: (value: unknown) => boolean;
  readonly parseStrategy: (name: string) => unknown;
}
interface RegistryModule {
  readonly RegistryClientError: abstract new (...args: never[]) => Error;
  readonly WireFormatError: abstract new (...args: never[]) => Error;
  readonly createRegistryClient: (options: { readonly url: string }) => unknown;
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('one class identity across the ESM and CommonJS builds', () => {
  it('an error thrown by dist/index.cjs is an instance of dist/index.js\'s classes, and the other way round', async () => {
    const cjs = require(`${root}/dist/index.cjs`) as ErrorsModule;
    const esm = (await import(pathToFileURL(`${root}/dist/index.js`).href)) as ErrorsModule;
    expect(cjs.SchemaCompatError).not.toBe(esm.SchemaCompatError);
    const fromCjs = thrown(() => cjs.parseStrategy('SIDEWAYS'));
    const fromEsm = thrown(() => esm.parseStrategy('SIDEWAYS'));
    for (const [error, other] of [[fromCjs, esm], [fromEsm, cjs]] as const) {
      expect([error instanceof other.UnknownStrategyError, error instanceof other.SchemaCompatError, error instanceof Error, other.isSchemaCompatError(error)]).toEqual([true, true, true, true]);
      expect(error instanceof other.SchemaParseError).toBe(false);
    }
    expect([esm.isSchemaCompatError(new Error('x')), esm.isSchemaCompatError({ code: 'X' }), esm.isSchemaCompatError(null), new Error('x') instanceof esm.SchemaCompatError]).toEqual([false, false, false, false]);
  });

  it('the subclasses of other entries too: schema-compat/registry\'s RegistryClientError', async () => {
    const cjs = require(`${root}/dist/registry.cjs`) as RegistryModule;
    const esm = (await import(pathToFileURL(`${root}/dist/registry.js`).href)) as RegistryModule;
    const core = (await import(pathToFileURL(`${root}/dist/index.js`).href)) as ErrorsModule;
    const fromCjs = thrown(() => cjs.createRegistryClient({ url: 'not a url' }));
    expect([fromCjs instanceof esm.RegistryClientError, fromCjs instanceof core.SchemaCompatError, fromCjs instanceof esm.WireFormatError]).toEqual([true, true, false]);
    expect((fromCjs as { code: string }).code).toBe('INVALID_OPTION');
  });
});
