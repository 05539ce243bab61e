/**
 * `items.map(work)` with at most `limit` pieces of work under way at once; answers in the items'
 * order. After a piece of work fails, no new one starts; once the pieces under way have ended, the
 * failure of the first item in order is the answer, whatever order they ended in (as when run one
 * by one: every item before it had started).
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const failures: Array<{ readonly index: number; readonly error: unknown }> = [];
  const worker = async (): Promise<void> => {
    while (failures.length === 0 && next < items.length) {
      const i = next++;
      try {
        results[i] = await work(items[i] as T);
      } catch (error: unknown) {
        failures.push({ index: i, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  const first = failures.reduce<(typeof failures)[number] | undefined>((earliest, failure) => (earliest === undefined || failure.index < earliest.index ? failure : earliest), undefined);
  if (first !== undefined) throw first.error;
  return results;
}
