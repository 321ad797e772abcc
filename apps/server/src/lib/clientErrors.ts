/**
 * Answers requests Node's HTTP parser refuses before the app sees them. A request line or headers
 * over Node's 16 KB limit — a search of a megabyte in a GET query (issue 17: "a 1 MB query is
 * refused with 1002") — get 431 with the envelope of SPEC §8 code 1002 and the reason, instead of
 * Node's bare 431; every other parse error gets what Node's own handler sends (400, 408, 413).
 */
import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { ErrorCatalogue } from '@brook/shared'

/** Node's answer for a parse error other than an oversized head (lib/_http_server.js). */
function nodeStatus(code: string | undefined): string {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return '408 Request Timeout'
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return '413 Payload Too Large'
  return '400 Bad Request'
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy()
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      const body = JSON.stringify({ code: 1002, message: ErrorCatalogue[1002], reason: 'The request line and headers are limited to 16 KB: this query or header is too long' })
      // end(), not destroy(): the client may still be sending the rest of its request line.
      socket.end(`HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
      return
    }
    socket.end(`HTTP/1.1 ${nodeStatus(error.code)}\r\nConnection: close\r\n\r\n`)
  })
}
