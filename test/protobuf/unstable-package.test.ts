import { describe, expect, it } from 'vitest';
import { PROTOBUF_RULES, ProtobufChecker, isUnstablePackage } from 'schema-compat/protobuf';

// Buf's reading of an unstable package (bufbuild/buf private/pkg/protoversion, package_version.go):
// a last component v\d+test.*, v\d+(alpha|beta)\d*, v\d+p\d+(alpha|beta)\d*, in a package of two
// components or more, every number from 1 to 2^31-1 (Buf parses them as 32-bit integers).

describe('isUnstablePackage: Buf\'s ignore_unstable_packages', () => {
  it('alpha, beta and test versions, with or without a minor number and a patch, are unstable', () => {
    for (const name of ['foo.v1alpha', 'foo.v1alpha1', 'foo.v1beta', 'foo.v1beta2', 'foo.bar.v12beta10', 'foo.v1test', 'foo.v1testfoo', 'foo.v2test1', 'foo.v1p1alpha', 'foo.v1p1alpha1', 'foo.v3p2beta4']) {
      expect(isUnstablePackage(name), name).toBe(true);
    }
  });

  it('stable versions, packages without a version, one component, zero, and malformed versions are not', () => {
    for (const name of ['', 'foo', 'foo.v1', 'foo.v2', 'v1alpha1', 'v1beta1', 'foo.v0alpha1', 'foo.v1alpha0', 'foo.v0test', 'foo.v1p0alpha1', 'foo.valpha1', 'foo.v1alphabeta', 'foo.v1alphatest', 'foo.v1beta1test', 'foo.v1gamma', 'foo.alpha', 'foo.v1p1', 'foo.v1alpha1.bar', 'foo.V1alpha1', 'foo.v99999999999alpha']) {
      expect(isUnstablePackage(name), name).toBe(false);
    }
  });
});

describe('PROTOBUF_RULES', () => {
  it('names every rule set the checker takes, and only those', () => {
    expect(PROTOBUF_RULES).toEqual(['confluent', 'buf-wire', 'buf-wire-json']);
    for (const rules of PROTOBUF_RULES) expect(new ProtobufChecker({ rules }).rules).toBe(rules);
  });
});
