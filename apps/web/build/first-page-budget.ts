/**
 * Issue 14's goal for the sign-in page: at most this many bytes of script and style on the wire
 * (brotli) before it is interactive. scripts/size.ts prints the build's figure against it, and
 * e2e/light-app.spec.ts fails when a browser downloads more (issue 36 found it at 217 KB: the
 * review calls had pulled zod and a dozen contract schemas onto the first page).
 */
export const FIRST_PAGE_BUDGET_BYTES = 180_000;
