import type { ParsedSchema } from 'schema-compat';

/** A bounded memo of parsed stored schemas by global id; the least recently used goes first. */
export class ParsedCache {
  private readonly entries = new Map<number, ParsedSchema>();

  constructor(private readonly capacity: number) {}

  get(id: number): ParsedSchema | undefined {
    const hit = this.entries.get(id);
    if (hit !== undefined) {
      this.entries.delete(id);
      this.entries.set(id, hit);
    }
    return hit;
  }

  set(id: number, parsed: ParsedSchema): void {
    this.entries.set(id, parsed);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
