import type { SourceVersion } from './types.js';

/** `4 versions of schemas/user.avsc: a1b2c3d (2026-10-01), ...`, at most six named. */
export function describeVersions(versions: readonly SourceVersion[], path: string): string {
  const count = `${versions.length} ${versions.length === 1 ? 'version' : 'versions'} of ${path}`;
  if (versions.length === 0) return count;
  const labels = versions.map((version) => version.label);
  const named = labels.length <= 6 ? labels : [...labels.slice(0, 2), '...', ...labels.slice(-3)];
  return `${count}: ${named.join(', ')}`;
}
