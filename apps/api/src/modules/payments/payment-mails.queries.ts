import type { Sql } from '../../db/sql.ts';
import { accountOwnerIdSql } from '../teams/account-owner.ts';

// The SQL of payment mails: who they go to.

export interface Owner {
  email: string;
  first_name: string;
  last_name: string;
  payment_method_label: string | null;
  payment_method: 'card' | 'paypal' | null;
}

/** The team owner's address and name (after a transfer, the new owner's), with the account's payment method. */
export const ownerRows = (sql: Sql, userId: string) =>
  sql<Owner[]>(`select p.email, p.first_name, p.last_name, a.payment_method, a.payment_method_label from users a join users p on p.id = ${accountOwnerIdSql('a.id')} where a.id = ?`, [userId]);
