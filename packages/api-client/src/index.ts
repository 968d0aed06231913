// The typed client arrives with the web app; for now the package exports the contract.
export * from './contract/index.ts';
