// Vite's import.meta.glob (the catalogs-*.ts modules), without pulling vite/client's types into the package.
interface ImportMeta {
  glob<T>(patterns: string | string[], options: { eager: true }): Record<string, T>;
}
