/** antd's column sort order. */
type SortOrder = 'ascend' | 'descend' | null;

export type SortDirection = 'ASC' | 'DESC';
export interface SortState<F extends string> {
  field: F;
  direction: SortDirection;
}

/** Spec section 4, Sorting: clicking the sorted column toggles ASC/DESC; another column sorts by it, ascending. */
export function nextSort<F extends string>(current: SortState<F>, field: F): SortState<F> {
  if (current.field === field) return { field, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { field, direction: 'ASC' };
}

/**
 * The props of a server-sorted antd column: the arrow shows the current sort, and a click never
 * clears it (the table's onChange passes the column's key to `nextSort`).
 */
export function sortableColumn<F extends string>(sort: SortState<F>, field: F) {
  const order: SortOrder = sort.field === field ? (sort.direction === 'ASC' ? 'ascend' : 'descend') : null;
  return { key: field, sorter: true, sortOrder: order, sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[], showSorterTooltip: false };
}

/** The column key a table's onChange reports for a sort click (antd passes one sorter, or several). */
export function sortedKey(sorter: unknown): string | undefined {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = (s as { columnKey?: unknown } | undefined)?.columnKey;
  return typeof key === 'string' ? key : undefined;
}
