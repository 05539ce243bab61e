import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker } from 'schema-compat';
import { keepInstance } from '../../src/util/hidden-class.js';

// util/hidden-class.ts: a frozen instance kept on the class, invisible to users of the class.
describe('keepInstance', () => {
  it('keeps one frozen instance under a symbol that is not enumerable', () => {
    class Probe {
      value = 1;
    }
    const instance = new Probe();
    keepInstance(Probe, instance);
    const symbols = Object.getOwnPropertySymbols(Probe);
    expect(symbols).toHaveLength(1);
    const descriptor = Object.getOwnPropertyDescriptor(Probe, symbols[0] as symbol);
    expect(descriptor).toMatchObject({ value: instance, enumerable: false, writable: false, configurable: false });
    expect(Object.isFrozen(instance)).toBe(true);
    expect(Object.keys(Probe)).toEqual([]);
  });

  it('adds no name a user of a public class sees', () => {
    expect(Object.getOwnPropertyNames(JsonSchemaChecker).sort()).toEqual(['length', 'name', 'prototype']);
    expect(Object.keys(JsonSchemaChecker)).toEqual([]);
    // New instances are neither frozen nor changed by the kept one.
    const checker = new JsonSchemaChecker({ policy: 'LENIENT' });
    expect(Object.isFrozen(checker)).toBe(false);
    expect(checker.policy).toBe('LENIENT');
  });
});
