// `$dynamicRef` (2020-12) and `$recursiveRef` (2019-09) in parsing, validation and the compatibility walk:
// the extensible-tree pattern of the specifications, where the same reference lands on another schema
// depending on which resource the evaluation entered first (2020-12 core §8.2.3.2, 2019-09 core §8.2.4.2).
import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, checkCompatibility, validateInstance } from 'schema-compat';

const checker = new JsonSchemaChecker();

function verdict(schema: object, references: Record<string, object>, instance: unknown): string {
  const document = checker.parse(schema, { references });
  return document.kind === 'json-schema' ? validateInstance(document.root, instance as never) : 'not JSON Schema';
}

function backward(reader: object, writer: object, references: Record<string, object>): string[] {
  const result = checkCompatibility('BACKWARD', reader, [writer], { schemaType: 'JSON', references });
  return result.compatible ? [] : result.incompatibilities.map((finding) => `${finding.type} ${finding.location}`);
}

// A child two levels down with a property the strict tree does not declare: only the dynamic reference makes it invalid there.
const deepExtra = { children: [{ children: [{ extra: 1 }] }] };

describe.each([
  {
    draft: '2020-12',
    tree: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.com/tree', $dynamicAnchor: 'node', type: 'object', properties: { data: true, children: { type: 'array', items: { $dynamicRef: '#node' } } } },
    strict: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.com/strict-tree', $dynamicAnchor: 'node', $ref: 'tree', unevaluatedProperties: false },
    topOnly: { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.com/top-only', $ref: 'tree', unevaluatedProperties: false },
  },
  {
    draft: '2019-09',
    tree: { $schema: 'https://json-schema.org/draft/2019-09/schema', $id: 'https://example.com/tree', $recursiveAnchor: true, type: 'object', properties: { data: true, children: { type: 'array', items: { $recursiveRef: '#' } } } },
    strict: { $schema: 'https://json-schema.org/draft/2019-09/schema', $id: 'https://example.com/strict-tree', $recursiveAnchor: true, $ref: 'tree', unevaluatedProperties: false },
    topOnly: { $schema: 'https://json-schema.org/draft/2019-09/schema', $id: 'https://example.com/top-only', $ref: 'tree', unevaluatedProperties: false },
  },
])('$draft: dynamic references', ({ tree, strict, topOnly }) => {
  const references = { 'https://example.com/tree': tree };

  it('validate by the outermost resource of the dynamic scope', () => {
    expect(verdict(tree, {}, deepExtra)).toBe('valid');
    expect(verdict(strict, references, deepExtra)).toBe('invalid');
    expect(verdict(strict, references, { children: [{ children: [{ data: 1 }] }] })).toBe('valid');
    // Without the anchor at the outer resource, the reference stays on the tree's own schema below the top.
    expect(verdict(topOnly, references, { children: [{ extra: 1 }] })).toBe('valid');
    expect(verdict(topOnly, references, { extra: 1 })).toBe('invalid');
  });

  it('are compared where they land: a strict tree reads less than a tree strict at its top only', () => {
    expect(backward(strict, topOnly, references)).not.toEqual([]);
    expect(backward(topOnly, strict, references)).toEqual([]);
    expect(backward(tree, strict, references)).toEqual([]);
    expect(backward(strict, strict, references)).toEqual([]);
  });
});

it('act as $ref when the static target has no matching anchor, and are unknown keywords in other drafts', () => {
  const plain = { $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { s: { $anchor: 's', type: 'string' } }, properties: { a: { $dynamicRef: '#s' } } };
  expect(verdict(plain, {}, { a: 1 })).toBe('invalid');
  expect(verdict(plain, {}, { a: 'x' })).toBe('valid');
  expect(verdict({ $schema: 'http://json-schema.org/draft-07/schema#', properties: { a: { $recursiveRef: '#', type: 'string' } } }, {}, { a: 'x' })).toBe('valid');
});

it('definitions that each hold the anchor cost about what the same definitions with plain references cost', () => {
  // Each definition is compiled per binding it is reached with; an unreferenced-definition walk that entered each
  // one from the root bound the anchor to every one of them in turn (n bindings × n² references: 30× slower at n = 60).
  const n = 60;
  const documentOf = (dynamic: boolean): object => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.com/root', $ref: 'r0',
    $defs: Object.fromEntries(Array.from({ length: n }, (_, i) => [`r${i}`, {
      $id: `r${i}`, ...(dynamic ? { $dynamicAnchor: 'x' } : {}), type: 'object',
      properties: Object.fromEntries(Array.from({ length: n }, (_, j) => [`p${j}`, { $ref: `r${j}` }])),
      additionalProperties: dynamic ? { $dynamicRef: '#x' } : { $ref: 'r0' },
    }])),
  });
  const time = (document: object): number => {
    const start = performance.now();
    for (let round = 0; round < 3; round++) checker.parse(document);
    return performance.now() - start;
  };
  const [plain, dynamic] = [documentOf(false), documentOf(true)];
  time(plain);
  time(dynamic);
  expect(time(dynamic) / time(plain)).toBeLessThan(5);
});
