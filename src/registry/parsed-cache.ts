/** A bounded memo of parsed stored schemas by global id; the least recently used goes first. */
export class ParsedCache<T> {
  private readonly entries = new Map<number, T>();

  constructor(private readonly capacity: number) {}

  get(id: number): T | undefined {
    const hit = this.entries.get(id);
    if (hit !== undefined) {
      this.entries.delete(id);
      this.entries.set(id, hit);
    }
    return hit;
  }

  set(id: number, parsed: T): void {
    this.entries.set(id, parsed);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
