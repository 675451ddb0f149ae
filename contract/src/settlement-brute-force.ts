/**
 * The fewest transfers found the slow, obviously right way, for the property tests of the settlement planners
 * (settlement.test.ts, households.test.ts): never imported by the product.
 */

/** n minus the most disjoint zero-sum groups, by trying every way to peel one group off. */
export function bruteMinimum(values: number[]): number {
  const best = (rest: number[]): number => {
    if (rest.length === 0) return 0;
    const [first, ...others] = rest;
    let most = 0;
    // Every group containing `first`: choose any subset of the others.
    for (let mask = 0; mask < 1 << others.length; mask++) {
      const group = others.filter((_, i) => mask & (1 << i));
      if (group.reduce((a, b) => a + b, first!) !== 0) continue;
      most = Math.max(most, 1 + best(others.filter((_, i) => !(mask & (1 << i)))));
    }
    return most;
  };
  return values.length - best(values);
}
