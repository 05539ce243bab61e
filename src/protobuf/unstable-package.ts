/** The largest number Buf reads in a version component (it parses them as 32-bit integers). */
const MAX_NUMBER = 2 ** 31 - 1;

/** `v1test...`, `v1alpha`, `v1beta2`, `v1p1alpha1`: the captures are the numbers, each of which must be 1 or more. */
const UNSTABLE_VERSION = /^v([0-9]+)(?:test.*|(?:p([0-9]+))?(?:alpha|beta)([0-9]+)?)$/su;

/**
 * Whether a Protobuf package is unstable as Buf's `ignore_unstable_packages` reads it (bufbuild/buf
 * `private/pkg/protoversion`): it has two components or more, and its last is `v\d+test.*`,
 * `v\d+(alpha|beta)\d*` or `v\d+p\d+(alpha|beta)\d*`, every number 1 or more. So `foo.v1alpha1`,
 * `foo.v1beta`, `foo.v2test`, `foo.v1p1beta1` are unstable; `foo.v1`, `v1alpha1` (one component),
 * `foo.v0alpha1` and `foo.v1alphabeta` are not.
 */
export function isUnstablePackage(packageName: string): boolean {
  const parts = packageName.split('.');
  if (parts.length < 2) return false;
  const match = UNSTABLE_VERSION.exec(parts[parts.length - 1] as string);
  if (match === null) return false;
  // Buf looks for `test` before `alpha`/`beta`: `v1alphatest` is no version at all (the regular expression agrees).
  return match.slice(1).every((number) => number === undefined || (Number(number) >= 1 && Number(number) <= MAX_NUMBER));
}
