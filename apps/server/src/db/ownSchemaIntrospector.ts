/**
 * What the migrator (and the storage tests) ask of a PostgreSQL database — which schemas and
 * tables exist — answered for one schema only. Kysely's PostgresIntrospector walks every schema of
 * the database and calls `has_schema_privilege(name)` / `pg_get_serial_sequence(name)` on each, so
 * it fails with "schema … does not exist" when another schema is dropped meanwhile — as test suites
 * and instances sharing one database (each in its own schema) do. It also lists other schemas'
 * tables, so "is my table there?" could be answered yes by someone else's table.
 */
import { sql, SqliteAdapter, type ColumnMetadata, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely'

interface ColumnRow {
  table: string
  isView: boolean
  column: string | null
  type: string | null
  nullable: boolean | null
  hasDefault: boolean | null
  serial: boolean | null
}

/** An introspector of `schema` alone, from pg_catalog rows of that schema (no function runs on another's). */
export function ownSchemaIntrospector(db: Kysely<any>, schema: string): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind = 'v' as "isView", a.attname as "column",
             format_type(a.atttypid, a.atttypmod) as "type", not a.attnotnull as "nullable", a.atthasdef as "hasDefault",
             coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) or a.attidentity <> '' as "serial"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')
      order by c.relname, a.attnum`.execute(db)
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>()
    for (const row of rows) {
      let table = tables.get(row.table)
      if (!table) tables.set(row.table, (table = { name: row.table, schema, isView: row.isView, columns: [] }))
      if (row.column) table.columns.push({ name: row.column, dataType: row.type ?? '', isNullable: row.nullable ?? true, isAutoIncrementing: row.serial ?? false, hasDefaultValue: row.hasDefault ?? false })
    }
    return [...tables.values()]
  }
  return {
    getSchemas: async () => (await sql<{ name: string }>`select nspname as "name" from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db)).rows,
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  }
}

/** The connection's own schema on PostgreSQL (its search_path's first); undefined on SQLite. */
export async function ownSchema(db: Kysely<any>): Promise<string | undefined> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return undefined
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
}

/** The database as seen through `introspection` of its own schema only (unchanged on SQLite). */
export async function withOwnSchemaIntrospection<DB>(db: Kysely<DB>): Promise<Kysely<DB>> {
  const schema = await ownSchema(db)
  if (!schema) return db
  const introspection = ownSchemaIntrospector(db, schema)
  // Kysely keeps its state in private fields: every other member is the real instance's, bound to it.
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection
      const value: unknown = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
