/** Toggles one id in or out of the selection. */
export function toggleId(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
}

/** Select-all on the page: all of the page's ids when any is missing, none of them otherwise. */
export function toggleAll(selected: readonly string[], pageIds: readonly string[]): string[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  return all ? selected.filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])];
}

export type SelectAllState = 'none' | 'some' | 'all';
export function selectAllState(selected: readonly string[], pageIds: readonly string[]): SelectAllState {
  const n = pageIds.filter((id) => selected.includes(id)).length;
  if (n === 0) return 'none';
  return n === pageIds.length ? 'all' : 'some';
}
