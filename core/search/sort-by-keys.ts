/**
 * A stable sorted copy of a list by numeric keys, most significant first: a later key settles what
 * the earlier ones leave equal, an unreadable key (NaN) settles nothing, and ties keep the list's
 * own order, so the same list always reads the same. Results pages order offers with it.
 */
export function sortByKeys<T>(items: readonly T[], keys: readonly ((item: T) => number)[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      for (const key of keys) {
        const difference = key(a.item) - key(b.item);
        if (difference !== 0 && !Number.isNaN(difference)) return difference;
      }
      return a.index - b.index;
    })
    .map(({ item }) => item);
}
