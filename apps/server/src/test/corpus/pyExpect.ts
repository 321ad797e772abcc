/**
 * A tiny evaluator for the Python expressions in feedparser's test headers (`Expect:` lines):
 * `and`/`or`/`not`, `==`/`!=`/`is`/`in` (chained), `+`/`-`, indexing, attribute access, calls,
 * string literals (u/r/b prefixes, single/triple quotes, escapes), numbers, tuples, lists, dicts,
 * `None`/`True`/`False`. Test support only: values come from a caller-supplied environment, and
 * the special value NA marks a lookup that does not map onto Brook's shape — anything touching
 * NA evaluates to NA, so the caller can count the check as "not applicable".
 */

/** "Not applicable": a key of feedparser's result that has no counterpart in Brook's shape. */
export const NA: unique symbol = Symbol('not applicable')

/** A value the environment knows how to compare (a Brook field with comparison rules). */
export interface Comparable {
  equals(other: unknown): boolean | typeof NA
  truthy(): boolean
}

export function isComparable(v: unknown): v is Comparable {
  return typeof v === 'object' && v !== null && typeof (v as Comparable).equals === 'function' && typeof (v as Comparable).truthy === 'function'
}

/** Python's tuple: an array that remembers it was a tuple (compares equal to lists of the same items here). */
export type PyValue = unknown

type Token =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'name'; v: string }
  | { t: 'op'; v: string }
  | { t: 'end' }

const OPS = ['==', '!=', '<=', '>=', '(', ')', '[', ']', '{', '}', ',', ':', '.', '+', '-', '<', '>', '*', '%']

function decodeEscapes(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|N\{[^}]+\}|.|\n)/g, (_, e: string) => {
    switch (e[0]) {
      case 'n': return '\n'
      case 't': return '\t'
      case 'r': return '\r'
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
        return String.fromCodePoint(Number.parseInt(e, 8))
      case 'x': case 'u': case 'U':
        return e.length > 1 ? String.fromCodePoint(Number.parseInt(e.slice(1), 16)) : `\\${e}`
      case 'a': return '\x07'
      case 'b': return '\b'
      case 'f': return '\f'
      case 'v': return '\v'
      case '\n': return ''
      case '\\': return '\\'
      case "'": return "'"
      case '"': return '"'
      default: return `\\${e}`
    }
  })
}

export function tokenize(src: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]
    if (/\s/.test(c)) {
      i++
      continue
    }
    const str = /^([uUrRbB]{0,2})('''|"""|'|")/.exec(src.slice(i))
    if (str && (str[1] === '' || /^[a-zA-Z]+$/.test(str[1]))) {
      const prefix = str[1].toLowerCase()
      const quote = str[2]
      let j = i + str[0].length
      let body = ''
      while (j < src.length && !src.startsWith(quote, j)) {
        if (src[j] === '\\' && j + 1 < src.length) {
          body += src[j] + src[j + 1]
          j += 2
        } else body += src[j++]
      }
      if (j >= src.length) throw new SyntaxError(`unterminated string in ${src}`)
      out.push({ t: 'str', v: prefix.includes('r') ? body : decodeEscapes(body) })
      i = j + quote.length
      continue
    }
    const num = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(src.slice(i))
    if (num) {
      out.push({ t: 'num', v: Number(num[0]) })
      i += num[0].length
      continue
    }
    const name = /^[A-Za-z_]\w*/.exec(src.slice(i))
    if (name) {
      out.push({ t: 'name', v: name[0] })
      i += name[0].length
      continue
    }
    const op = OPS.find((o) => src.startsWith(o, i))
    if (!op) throw new SyntaxError(`unexpected ${c} in ${src}`)
    out.push({ t: 'op', v: op })
    i += op.length
  }
  out.push({ t: 'end' })
  return out
}

type Node =
  | { k: 'lit'; v: PyValue }
  | { k: 'name'; v: string }
  | { k: 'not'; e: Node }
  | { k: 'neg'; e: Node }
  | { k: 'bool'; op: 'and' | 'or'; l: Node; r: Node }
  | { k: 'cmp'; first: Node; rest: { op: string; e: Node }[] }
  | { k: 'bin'; op: '+' | '-'; l: Node; r: Node }
  | { k: 'index'; e: Node; i: Node }
  | { k: 'attr'; e: Node; name: string }
  | { k: 'call'; f: Node; args: Node[] }
  | { k: 'tuple'; items: Node[] }
  | { k: 'list'; items: Node[] }
  | { k: 'dict'; entries: [Node, Node][] }

export function parse(src: string): Node {
  const tokens = tokenize(src)
  let p = 0
  const peek = () => tokens[p]
  const isOp = (v: string) => peek().t === 'op' && (peek() as { v: string }).v === v
  const isName = (v: string) => peek().t === 'name' && (peek() as { v: string }).v === v
  const expectOp = (v: string) => {
    if (!isOp(v)) throw new SyntaxError(`expected ${v} at token ${p} in ${src}`)
    p++
  }

  function orExpr(): Node {
    let l = andExpr()
    while (isName('or')) {
      p++
      l = { k: 'bool', op: 'or', l, r: andExpr() }
    }
    return l
  }
  function andExpr(): Node {
    let l = notExpr()
    while (isName('and')) {
      p++
      l = { k: 'bool', op: 'and', l, r: notExpr() }
    }
    return l
  }
  function notExpr(): Node {
    if (isName('not')) {
      p++
      return { k: 'not', e: notExpr() }
    }
    return comparison()
  }
  function comparison(): Node {
    const first = additive()
    const rest: { op: string; e: Node }[] = []
    for (;;) {
      let op: string | null = null
      if (isOp('==') || isOp('!=') || isOp('<') || isOp('>') || isOp('<=') || isOp('>=')) op = (tokens[p++] as { v: string }).v
      else if (isName('in')) {
        p++
        op = 'in'
      } else if (isName('is')) {
        p++
        op = 'is'
        if (isName('not')) {
          p++
          op = 'is not'
        }
      } else if (isName('not') && tokens[p + 1].t === 'name' && (tokens[p + 1] as { v: string }).v === 'in') {
        p += 2
        op = 'not in'
      }
      if (!op) break
      rest.push({ op, e: additive() })
    }
    return rest.length ? { k: 'cmp', first, rest } : first
  }
  function additive(): Node {
    let l = unary()
    while (isOp('+') || isOp('-')) {
      const op = (tokens[p++] as { v: string }).v as '+' | '-'
      l = { k: 'bin', op, l, r: unary() }
    }
    return l
  }
  function unary(): Node {
    if (isOp('-')) {
      p++
      return { k: 'neg', e: unary() }
    }
    return postfix()
  }
  function postfix(): Node {
    let e = primary()
    for (;;) {
      if (isOp('[')) {
        p++
        const i = orExpr()
        expectOp(']')
        e = { k: 'index', e, i }
      } else if (isOp('.')) {
        p++
        const t = peek()
        if (t.t !== 'name') throw new SyntaxError(`expected a name after . in ${src}`)
        p++
        e = { k: 'attr', e, name: t.v }
      } else if (isOp('(')) {
        p++
        const args: Node[] = []
        while (!isOp(')')) {
          args.push(orExpr())
          if (isOp(',')) p++
        }
        p++
        e = { k: 'call', f: e, args }
      } else return e
    }
  }
  function primary(): Node {
    const t = peek()
    if (t.t === 'num') {
      p++
      return { k: 'lit', v: t.v }
    }
    if (t.t === 'str') {
      // Adjacent literals concatenate.
      let v = ''
      while (peek().t === 'str') v += (tokens[p++] as { v: string }).v
      return { k: 'lit', v }
    }
    if (t.t === 'name') {
      p++
      if (t.v === 'None') return { k: 'lit', v: null }
      if (t.v === 'True') return { k: 'lit', v: true }
      if (t.v === 'False') return { k: 'lit', v: false }
      return { k: 'name', v: t.v }
    }
    if (isOp('(')) {
      p++
      const items: Node[] = []
      let tuple = false
      while (!isOp(')')) {
        items.push(orExpr())
        if (isOp(',')) {
          p++
          tuple = true
        }
      }
      p++
      return tuple || items.length === 0 ? { k: 'tuple', items } : items[0]
    }
    if (isOp('[')) {
      p++
      const items: Node[] = []
      while (!isOp(']')) {
        items.push(orExpr())
        if (isOp(',')) p++
      }
      p++
      return { k: 'list', items }
    }
    if (isOp('{')) {
      p++
      const entries: [Node, Node][] = []
      while (!isOp('}')) {
        const key = orExpr()
        expectOp(':')
        entries.push([key, orExpr()])
        if (isOp(',')) p++
      }
      p++
      return { k: 'dict', entries }
    }
    throw new SyntaxError(`unexpected token ${JSON.stringify(t)} in ${src}`)
  }

  const node = orExpr()
  if (peek().t !== 'end') throw new SyntaxError(`trailing tokens in ${src}`)
  return node
}

/** Python truthiness. */
export function truthy(v: PyValue): boolean {
  if (isComparable(v)) return v.truthy()
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false
  if (Array.isArray(v)) return v.length > 0
  if (typeof v === 'object') return Object.keys(v as object).length > 0
  return true
}

/** Python `==` over plain values, deferring to Comparable fields. */
export function pyEquals(a: PyValue, b: PyValue): boolean | typeof NA {
  if (a === NA || b === NA) return NA
  if (isComparable(a)) return a.equals(b)
  if (isComparable(b)) return b.equals(a)
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) {
      const r = pyEquals(a[i], b[i])
      if (r !== true) return r
    }
    return true
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    if (ka.length !== kb.length) return false
    for (const k of ka) {
      const r = pyEquals((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
      if (r !== true) return r
    }
    return true
  }
  return a === b
}

/** Values of names (`feed`, `entries`, `bozo`, `len` …); a name that is absent evaluates to NA. */
export type Env = Record<string, PyValue>

/** Looks up `obj[key]` (also used for `.attr`); environments return NA for unmapped keys. */
export type Getter = (obj: PyValue, key: PyValue) => PyValue

function evaluate(node: Node, env: Env, get: Getter): PyValue {
  switch (node.k) {
    case 'lit':
      return node.v
    case 'name':
      return node.v in env ? env[node.v] : NA
    case 'not': {
      const v = evaluate(node.e, env, get)
      return v === NA ? NA : !truthy(v)
    }
    case 'neg': {
      const v = evaluate(node.e, env, get)
      return v === NA ? NA : -(v as number)
    }
    case 'bool': {
      const l = evaluate(node.l, env, get)
      if (l === NA) return NA
      if (node.op === 'and') return truthy(l) ? evaluate(node.r, env, get) : l
      return truthy(l) ? l : evaluate(node.r, env, get)
    }
    case 'cmp': {
      let left = evaluate(node.first, env, get)
      for (const { op, e } of node.rest) {
        const right = evaluate(e, env, get)
        if (left === NA || right === NA) return NA
        let r: boolean | typeof NA
        if (op === '==') r = pyEquals(left, right)
        else if (op === '!=') {
          const eq = pyEquals(left, right)
          r = eq === NA ? NA : !eq
        } else if (op === 'is') r = isComparable(left) ? left.equals(right) : left === right
        else if (op === 'is not') {
          const eq = isComparable(left) ? left.equals(right) : left === right
          r = eq === NA ? NA : !eq
        } else if (op === 'in' || op === 'not in') {
          let found: boolean
          if (typeof right === 'string') found = right.includes(String(left))
          else if (Array.isArray(right)) found = right.some((x) => pyEquals(x, left) === true)
          else if (right && typeof right === 'object') return NA
          else found = false
          r = op === 'in' ? found : !found
        } else return NA
        if (r === NA) return NA
        if (!r) return false
        left = right
      }
      return true
    }
    case 'bin': {
      const l = evaluate(node.l, env, get)
      const r = evaluate(node.r, env, get)
      if (l === NA || r === NA) return NA
      if (node.op === '+') {
        if (typeof l === 'string' && typeof r === 'string') return l + r
        if (typeof l === 'number' && typeof r === 'number') return l + r
        return NA
      }
      return typeof l === 'number' && typeof r === 'number' ? l - r : NA
    }
    case 'index':
    case 'attr': {
      const obj = evaluate(node.e, env, get)
      if (obj === NA) return NA
      const key = node.k === 'attr' ? node.name : evaluate(node.i, env, get)
      if (key === NA) return NA
      return get(obj, key)
    }
    case 'call': {
      const f = evaluate(node.f, env, get)
      if (f === NA || typeof f !== 'function') return NA
      const args = node.args.map((a) => evaluate(a, env, get))
      if (args.includes(NA)) return NA
      return (f as (...a: PyValue[]) => PyValue)(...args)
    }
    case 'tuple':
    case 'list': {
      const items = node.items.map((i) => evaluate(i, env, get))
      return items.includes(NA) ? NA : items
    }
    case 'dict': {
      const out: Record<string, PyValue> = {}
      for (const [k, v] of node.entries) {
        const key = evaluate(k, env, get)
        const value = evaluate(v, env, get)
        if (key === NA || value === NA) return NA
        out[String(key)] = value
      }
      return out
    }
  }
}

/** Evaluates a Python expression: true / false, or NA when it depends on something unmapped. */
export function evalExpect(src: string, env: Env, get: Getter): boolean | typeof NA {
  const v = evaluate(parse(src), env, get)
  return v === NA ? NA : truthy(v)
}
