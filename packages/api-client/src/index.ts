// The contract (zod schemas, constants, endpoints) and the typed client built on it.
export * from './contract/index.ts';
export * from './client/index.ts';
