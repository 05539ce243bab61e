/**
 * A 30-bit FNV-1a hash of a string: a small integer that V8 keeps unboxed, for fast maps. Equal
 * strings give equal hashes; callers confirm a match by comparing the strings.
 */
export function nameHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 15)) & 0x3fffffff;
}
