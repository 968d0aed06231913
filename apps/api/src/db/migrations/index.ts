import { Migration20261121000001Accounts } from './Migration20261121000001Accounts.ts';

/** Committed migrations in order; listed explicitly so no file globbing or compiler is needed. */
export const migrations = [{ name: 'Migration20261121000001Accounts', class: Migration20261121000001Accounts }];
