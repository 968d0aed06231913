// A chunk's stylesheet imported as text (Vite's `?inline`), for adoptStyle; declared here too so
// packages that typecheck the player's sources without Vite's client types (packages/ui) know it.
declare module '*.css?inline' {
  const css: string;
  export default css;
}
