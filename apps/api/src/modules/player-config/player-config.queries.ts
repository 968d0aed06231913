import type { Sql } from '../../db/sql.ts';

// The SQL of player settings.

export const playerConfigQueries = {
  /** How many of the owner's videos and their profile still use the logo at `url`. */
  logoUses: async (sql: Sql, userId: string, url: string): Promise<number> => {
    const [{ n }] = await sql<{ n: string }[]>(
      `select (select count(*) from videos where user_id = ? and player_config->>'logoPatn' = ?)
            + (select count(*) from users where id = ? and player_logo = ?) as n`,
      [userId, url, userId, url],
    );
    return Number(n);
  },
};
