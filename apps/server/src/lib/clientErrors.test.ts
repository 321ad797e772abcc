/** Requests Node's parser refuses: an oversized GET query gets 1002 in the envelope (431); other parse errors keep Node's answers. */
import net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signedUpClient, startTestServer, type TestServer } from '../test/testServer.ts'

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('close', () => resolve(answer))
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve(answer) : reject(error)))
    socket.write(request)
  })
}

let server: TestServer

beforeAll(async () => {
  server = await startTestServer('sqlite')
  await signedUpClient(server, 'client-errors@example.com')
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

it('refuses a search of a megabyte in the query with 1002 and the reason, and keeps serving', async () => {
  const query = encodeURIComponent('word '.repeat(200_000))
  const answer = await raw(server.port, `GET /api/search/entries?q=${query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
  const [head, body] = answer.split('\r\n\r\n')
  expect(head).toMatch(/^HTTP\/1\.1 431 /)
  expect(head).toMatch(/content-type: application\/json/i)
  expect(JSON.parse(body!)).toEqual({ code: 1002, message: 'Invalid parameter', reason: expect.stringContaining('16 KB') })
  const after = await fetch(`${server.url}/api/status/configs`)
  expect(after.status).toBe(200)
})

it('answers a malformed request line with 400, as Node does', async () => {
  const answer = await raw(server.port, 'NOT A REQUEST\r\n\r\n')
  expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request/)
})
