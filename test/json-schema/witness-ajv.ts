import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createRequire } from 'node:module';
import type { Draft } from 'schema-compat';

const draft06 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-06.json') as object;

/** Why ajv gives no verdict: draft 4 needs ajv-draft-04 (not installed), or ajv refuses the schema itself (e.g. an empty `enum`). */
export type AjvRefusal = { readonly refused: string };

/** ajv 8's compiled validator for a draft (6 to 2020-12), with ajv-formats; `allErrors` keeps every error instead of the first. */
export function ajvCompile(draft: Draft, schema: unknown, allErrors = false): ValidateFunction | AjvRefusal {
  if (draft === 'draft-04') return { refused: 'draft 4 (ajv-draft-04 is not installed)' };
  const options = { strict: false, validateSchema: false, allowUnionTypes: true, logger: false, allErrors } as const;
  const ajv = draft === '2020-12' ? new Ajv2020(options) : draft === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  if (draft === 'draft-06') ajv.addMetaSchema(draft06);
  // `id` is draft 4's `$id`; in later drafts an unknown keyword, which ajv 8 refuses rather than ignores.
  ajv.removeKeyword('id');
  addFormats(ajv);
  try {
    return ajv.compile(schema as object);
  } catch (error) {
    return { refused: `ajv refuses the schema: ${(error as Error).message}` };
  }
}

/** An independent validator for a draft: ajv 8 for drafts 6 to 2020-12. */
export function ajvValidator(draft: Draft, schema: unknown): ((instance: unknown) => boolean) | AjvRefusal {
  const validate = ajvCompile(draft, schema);
  return typeof validate === 'function' ? (instance) => validate(instance) === true : validate;
}
