/** pino logger for the server; children carry the request context. */
import pino from 'pino'

export type Logger = pino.Logger

/** A logger at a level (silent in tests unless asked). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'brook' }, timestamp: pino.stdTimeFunctions.isoTime })
}
