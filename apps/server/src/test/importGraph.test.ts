/**
 * The server's import graph points one way (docs/architecture.md): no module imports itself back
 * through others (type imports included), and no domain reaches for the composition root.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name)
    if (d.isDirectory()) return modules(file)
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [file] : []
  })
}

function graph(): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const file of modules(SRC)) {
    const text = fs.readFileSync(file, 'utf8')
    const targets = [...text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]))
    out.set(file, targets)
  }
  return out
}

/** Strongly connected groups of more than one module (Tarjan). */
function circles(g: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of g.get(node) ?? []) {
      if (!g.has(to)) continue
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(path.relative(SRC, member))
      } while (member !== node)
      if (group.length > 1) found.push(group.sort())
    }
  }
  for (const node of g.keys()) if (!index.has(node)) visit(node)
  return found
}

it('has no import circles', () => {
  expect(circles(graph())).toEqual([])
})

it('keeps domains away from the composition root', () => {
  const root = ['app.ts', 'deps.ts', 'compose.ts', 'server.ts'].map((f) => path.join(SRC, f))
  const offenders = [...graph()].filter(([file, targets]) => file.includes(`${path.sep}domains${path.sep}`) && targets.some((t) => root.includes(t))).map(([file]) => path.relative(SRC, file))
  expect(offenders).toEqual([])
})
