/** Ranges at most this wide are kept as their numbers; wider ones as intervals. */
const NARROW = 16;

/**
 * Sorted, disjoint intervals with the latest additions kept aside until there are enough of them
 * to merge in one pass: a lookup is a binary search plus a short scan, and n additions cost about
 * n·√n, where keeping them in order one at a time would cost n².
 */
class Intervals {
  private starts: number[] = [];
  private ends: number[] = [];
  private pending: (readonly [number, number])[] = [];

  add(start: number, end: number): void {
    this.pending.push([start, end]);
    if (this.pending.length * this.pending.length > Math.max(1024, this.starts.length)) this.merge();
  }

  has(id: number): boolean {
    for (const [start, end] of this.pending) if (start <= id && end >= id) return true;
    let low = 0;
    let high = this.starts.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if ((this.starts[middle] as number) > id) high = middle - 1;
      else if ((this.ends[middle] as number) < id) low = middle + 1;
      else return true;
    }
    return false;
  }

  private merge(): void {
    const all: (readonly [number, number])[] = this.starts.map((start, i) => [start, this.ends[i] as number] as const);
    for (const range of this.pending) all.push(range);
    all.sort((a, b) => a[0] - b[0]);
    const starts: number[] = [];
    const ends: number[] = [];
    for (const [start, end] of all) {
      const last = ends.length - 1;
      if (last >= 0 && start <= (ends[last] as number)) ends[last] = Math.max(ends[last] as number, end);
      else {
        starts.push(start);
        ends.push(end);
      }
    }
    this.starts = starts;
    this.ends = ends;
    this.pending = [];
  }
}

/**
 * What protobufjs' `Namespace.isReservedId` and `isReservedName` answer by scanning a type's
 * `reserved` list (number ranges `[start, end]`, both included, and names), answered from an
 * index. The list only grows while a file is parsed (each `reserved` statement appends to it), so
 * the index takes in the entries added since it last looked.
 */
export class ReservedIndex {
  private seen = 0;
  private readonly names = new Set<string>();
  private readonly numbers = new Set<number>();
  private readonly wide = new Intervals();

  constructor(private readonly reserved: readonly unknown[]) {}

  hasId(id: number): boolean {
    this.catchUp();
    return this.numbers.has(id) || this.wide.has(id);
  }

  hasName(name: string): boolean {
    this.catchUp();
    return this.names.has(name);
  }

  private catchUp(): void {
    for (; this.seen < this.reserved.length; this.seen++) {
      const entry: unknown = this.reserved[this.seen];
      if (typeof entry === 'string') {
        this.names.add(entry);
        continue;
      }
      const range = entry as Readonly<Record<number, unknown>> | null | undefined;
      const start = range?.[0];
      const end = range?.[1];
      // protobufjs compares `start <= id && end >= id`: only numbers can match.
      if (typeof start !== 'number' || typeof end !== 'number' || !(start <= end)) continue;
      if (Number.isInteger(start) && Number.isInteger(end) && end - start < NARROW) for (let id = start; id <= end; id++) this.numbers.add(id);
      else this.wide.add(start, end);
    }
  }
}
