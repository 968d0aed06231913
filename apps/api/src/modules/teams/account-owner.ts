/**
 * The person who hears about an account's money and plan (receipts, failed renewals, removal
 * notices): the owner of the team whose id is the account's id (teams keep the account's ids),
 * so after an ownership transfer the new owner is mailed, not the person who first paid. An
 * account without a team row is its own owner. A SQL expression over `accountId`, a column.
 */
export const accountOwnerIdSql = (accountId: string) => `coalesce((select t.owner_id from teams t where t.id = ${accountId}), ${accountId})`;
