/**
 * The web ↔ shell bridge (docs/desktop.md): before the app's first script runs, the shell puts
 * `window.brookDesktop` into every document of the window (Page.addScriptToEvaluateOnNewDocument)
 * and a DevTools binding the page calls the shell through (Runtime.addBinding). The web app's
 * `modules/platform` is the only reader of it. The shell also owns the global shortcuts
 * Cmd/Ctrl+, T N (SPEC §2): its script catches them and tells the app which command to run.
 */
import type { Cdp } from './cdp.ts'

export const BINDING = '__brookDesktopCall'
const DELIVER = '__brookDesktopDeliver'

/** What the page may ask the shell. Each handler answers with JSON-serialisable data. */
export type BridgeHandlers = Record<string, (...args: never[]) => unknown>

/** The script the shell runs in every document of the app window before the page's own. */
export function bridgeScript(version: string): string {
  return `(() => {
  if (window.brookDesktop) return
  let seq = 0
  const pending = new Map()
  const listeners = new Map()
  const emit = (event, data) => { for (const fn of listeners.get(event) ?? []) { try { fn(data) } catch (e) { console.error(e) } } }
  Object.defineProperty(window, ${JSON.stringify(DELIVER)}, { value: (message) => {
    if (message.id) {
      const p = pending.get(message.id)
      pending.delete(message.id)
      if (p) message.error ? p.reject(new Error(message.error)) : p.resolve(message.result)
    } else emit(message.event, message.data)
  } })
  window.brookDesktop = Object.freeze({
    version: ${JSON.stringify(version)},
    call: (method, ...args) => new Promise((resolve, reject) => {
      const id = ++seq
      pending.set(id, { resolve, reject })
      window[${JSON.stringify(BINDING)}](JSON.stringify({ id, method, args }))
    }),
    on: (event, fn) => {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event).add(fn)
      return () => listeners.get(event).delete(fn)
    },
  })
  // SPEC §2: the shell's global shortcuts; ignored while typing.
  const COMMANDS = { ',': 'settings', t: 'discover', n: 'quick-add' }
  window.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return
    const command = COMMANDS[e.key.toLowerCase()]
    if (!command) return
    const t = e.target
    if (t && t.nodeType === 1 && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return
    e.preventDefault()
    e.stopImmediatePropagation()
    emit('command', command)
  }, true)
})()`
}

export interface Bridge {
  /** Sends an event to the page's `brookDesktop.on(event)` listeners. */
  emit(event: string, data: unknown): Promise<void>
}

/** Installs the bridge on the app page's session; call before the page navigates to the app. */
export async function installBridge(cdp: Cdp, sessionId: string, version: string, handlers: BridgeHandlers): Promise<Bridge> {
  const deliver = (message: unknown) =>
    cdp.send('Runtime.evaluate', { expression: `window.${DELIVER}?.(${JSON.stringify(message)})` }, sessionId).then(
      () => {},
      () => {},
    )
  cdp.on('Runtime.bindingCalled', (params: { name: string; payload: string }, session?: string) => {
    if (params.name !== BINDING || (session && session !== sessionId)) return
    let request: { id: number; method: string; args: unknown[] }
    try {
      request = JSON.parse(params.payload)
    } catch {
      return
    }
    const handler = Object.hasOwn(handlers, request.method) ? handlers[request.method] : undefined
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown desktop method ${request.method}`)
        return (handler as (...args: unknown[]) => unknown)(...(Array.isArray(request.args) ? request.args : []))
      })
      .then(
        (result) => deliver({ id: request.id, result: result ?? null }),
        (error: Error) => deliver({ id: request.id, error: error.message }),
      )
  })
  // Sent together: the browser runs them in this order, one round trip instead of four.
  await Promise.all([
    cdp.send('Runtime.enable', {}, sessionId),
    cdp.send('Runtime.addBinding', { name: BINDING }, sessionId),
    cdp.send('Page.enable', {}, sessionId),
    cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: bridgeScript(version) }, sessionId),
  ])
  return { emit: (event, data) => deliver({ event, data }) }
}
