// A request held in flight by its client: the headers and half the body are sent, the rest when the test
// says so. Used to show that a server stopping (SIGTERM) still answers the requests it holds.
import net from 'node:net'

export type Answer = { status: number; head: string; body: string; closedByServer: Promise<void> }

/**
 * A POST whose body is sent in two parts: `begin()` sends the headers (with `Expect: 100-continue`, so
 * the server's "100 Continue" proves it holds the request) and the first half of the body; `finish()`
 * sends the rest and resolves with the complete answer.
 */
export function slowPost(port: number, pathname: string, headers: Record<string, string>, body: string) {
  const socket = net.connect(port, '127.0.0.1')
  let received = Buffer.alloc(0)
  let onData: () => void = () => {}
  let failed: Error | null = null
  const closedByServer = new Promise<void>((resolve) => socket.once('end', () => resolve()))
  socket.on('data', (d: Buffer) => {
    received = Buffer.concat([received, d])
    onData()
  })
  socket.on('error', (err) => {
    failed = err
    onData()
  })
  socket.on('close', () => onData())
  const until = (test: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      onData = () => {
        if (test()) resolve()
        else if (failed || socket.destroyed) reject(new Error(`${pathname}: connection ended (${failed?.message ?? 'closed'}) after ${JSON.stringify(received.toString().slice(0, 300))}`))
      }
      onData()
    })
  const half = Math.floor(body.length / 2)
  return {
    async begin() {
      const lines = [`POST ${pathname} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Length: ${Buffer.byteLength(body)}`, 'Expect: 100-continue']
      for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`)
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
      await until(() => received.includes('HTTP/1.1 100 Continue\r\n\r\n'))
      received = received.subarray(received.indexOf('\r\n\r\n') + 4)
      socket.write(body.slice(0, half))
    },
    async finish(): Promise<Answer> {
      socket.write(body.slice(half))
      let answer: Omit<Answer, 'closedByServer'> | null = null
      await until(() => {
        const end = received.indexOf('\r\n\r\n')
        if (end < 0) return false
        const head = received.subarray(0, end).toString()
        const text = readBody(head, received.subarray(end + 4))
        if (text === null) return false
        answer = { status: Number(head.split(' ')[1]), head, body: text }
        return true
      })
      return { ...answer!, closedByServer }
    },
  }
}

// The complete response body (Content-Length or chunked), or null while more is to come.
function readBody(head: string, raw: Buffer): string | null {
  const length = /content-length: (\d+)/i.exec(head)?.[1]
  if (length !== undefined) return raw.length >= Number(length) ? raw.subarray(0, Number(length)).toString() : null
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = raw.indexOf('\r\n', at)
    if (eol < 0) return null
    const size = parseInt(raw.subarray(at, eol).toString(), 16)
    if (size === 0) return Buffer.concat(parts).toString()
    if (raw.length < eol + 2 + size + 2) return null
    parts.push(raw.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
}

