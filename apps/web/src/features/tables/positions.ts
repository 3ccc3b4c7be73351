/** Items with their position, for lists keyed by where an item stands (results, dealt cards). */
export const positioned = <T>(items: readonly T[], first = 0) =>
  items.map((item, k) => ({ item, at: first + k }));
