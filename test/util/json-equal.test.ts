import { describe, expect, it } from 'vitest';
import { checkCompatibility } from 'schema-compat';
import { jsonEqual } from '../../src/util/json-equal.js';
import type { JsonValue } from '../../src/util/json.js';

// Why the hand-written deep equality stays (docs/performance.md, "Deep equality"): fast-deep-equal
// 3.1.3 calls `a.valueOf()` / `a.toString()` when an object's own key shadows them (a TypeError for
// the JSON `{"valueOf": 1}`), compares `constructor` keys by reference, and calls objects without a
// prototype (which this library builds from user keys) unequal to plain ones or throws on them.
describe('jsonEqual: deep equality of JSON values, whatever their keys', () => {
  it('compares objects whose keys are Object.prototype members as ordinary keys', () => {
    for (const key of ['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      const a = JSON.parse(`{"${key}": {"x": [1, 2]}}`) as JsonValue;
      const same = JSON.parse(`{"${key}": {"x": [1, 2]}}`) as JsonValue;
      const other = JSON.parse(`{"${key}": {"x": [1, 3]}}`) as JsonValue;
      expect([key, jsonEqual(a, same), jsonEqual(a, other)]).toEqual([key, true, false]);
    }
  });

  it('ignores key order and prototypes, tells arrays from objects, and takes NaN as equal to NaN', () => {
    const bare = Object.assign(Object.create(null) as Record<string, JsonValue>, { b: 1, a: [true, null] });
    expect(jsonEqual(bare, { a: [true, null], b: 1 })).toBe(true);
    expect(jsonEqual({ 0: 'x' }, ['x'])).toBe(false);
    expect(jsonEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(jsonEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(jsonEqual([1, [2]], [1, [2, 3]])).toBe(false);
  });

  it('counts own keys only, even when a prototype has enumerable ones (its keys are read with for-in)', () => {
    const base = { inherited: 1 };
    const a = Object.assign(Object.create(base) as Record<string, JsonValue>, { x: 1 });
    const b = { x: 1 } as JsonValue;
    const c = Object.assign(Object.create({ other: 2 }) as Record<string, JsonValue>, { x: 1, y: 2 });
    expect([jsonEqual(a as JsonValue, b), jsonEqual(b, a as JsonValue), jsonEqual(a as JsonValue, c as JsonValue), jsonEqual(c as JsonValue, { y: 2, x: 1 })]).toEqual([true, true, false, true]);
  });

  it('refuses a small object against a wide one without listing the wide one\'s keys', () => {
    const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`p${i}`, i]));
    let listed = 0;
    const watched = new Proxy(wide, { ownKeys: (target) => (listed++, Reflect.ownKeys(target)) });
    expect(jsonEqual({ k: 1, p1: 1 }, watched)).toBe(false);
    expect(listed).toBe(0);
    // Equal so far on every key of the small one: the key counts then decide.
    expect(jsonEqual({ p1: 1 }, watched)).toBe(false);
    expect(jsonEqual(wide, { ...wide })).toBe(true);
  });

  it('lets a JSON Schema whose enum and const hold such objects be checked', () => {
    const old: object = { type: 'object', properties: { p: { enum: [{ valueOf: 1 }, { toString: 'a' }] } } };
    const narrowed = { type: 'object', properties: { p: { enum: [{ valueOf: 1 }] } } };
    expect(checkCompatibility('BACKWARD', old, [old], { schemaType: 'JSON' }).identical).toEqual({ version: 1 });
    const result = checkCompatibility('BACKWARD', narrowed, [old], { schemaType: 'JSON' });
    expect(result.compatible).toBe(false);
    expect(result.incompatibilities.map((finding) => finding.type)).toContain('ENUM_ARRAY_NARROWED');
  });
});
