import { sql, type Kysely } from 'kysely';

/** An md5 over every row of a table in a stable order: equal checksums mean equal contents. */
export async function tableChecksum(db: Kysely<any>, table: string): Promise<{ rows: number; md5: string }> {
  const result = await sql<{ rows: number; md5: string }>`
    select count(*)::int as rows,
           md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as md5
    from ${sql.table(table)} t`.execute(db);
  return result.rows[0];
}
