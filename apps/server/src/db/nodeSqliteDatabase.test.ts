/** The node:sqlite adapter: rows built from arrays look like node:sqlite's own rows. */
import { DatabaseSync } from 'node:sqlite'
import { expect, it } from 'vitest'
import { nodeSqliteDatabase } from './nodeSqliteDatabase.ts'

it('builds rows with the values, names and key order node:sqlite gives (a repeated name keeps its last value)', () => {
  const raw = new DatabaseSync(':memory:')
  const db = nodeSqliteDatabase(raw)
  const query = `select 1 as a, 'x' as "we""ird", 2 as a, 3 as "__proto__", 4 as "0", null as n, x'00ff' as b, 1.5 as f`
  const [mine] = db.prepare(query).all([]) as Record<string, unknown>[]
  const [theirs] = raw.prepare(query).all() as Record<string, unknown>[]
  expect({ ...mine }).toEqual({ ...theirs })
  expect(Object.keys(mine)).toEqual(Object.keys(theirs))
  expect(Object.hasOwn(mine, '__proto__')).toBe(true)
  expect(mine.a).toBe(2)
  expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs))
  raw.close()
})

it('iterates and binds as before; statements without columns run', () => {
  const raw = new DatabaseSync(':memory:')
  const db = nodeSqliteDatabase(raw)
  const create = db.prepare('create table t (id integer primary key, name text, flag integer)')
  expect(create.reader).toBe(false)
  create.run([])
  expect(db.prepare('insert into t (name, flag) values (?, ?)').run(['one', true])).toMatchObject({ changes: 1 })
  db.prepare('insert into t (name, flag) values (?, ?)').run([new Date(0), undefined])
  expect([...db.prepare('select name, flag from t order by id').iterate([])]).toEqual([
    { name: 'one', flag: 1 },
    { name: '1970-01-01T00:00:00.000Z', flag: null },
  ])
  expect(db.prepare('insert into t (name) values (?) returning id, name').all(['two'])).toEqual([{ id: 3, name: 'two' }])
  raw.close()
})
