import { describe, expect, it } from 'vitest'
import { FlushCoalescingStream } from './entry.server'

function collect(stream: FlushCoalescingStream) {
  const chunks: string[] = []
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')))
  return chunks
}

describe('the HTML stream between React and the response', () => {
  it('passes on what React wrote, as one chunk per flush, and the rest at the end', async () => {
    const stream = new FlushCoalescingStream()
    const chunks = collect(stream)
    stream.write(Buffer.from('<!DOCTYPE html><html>'))
    stream.write(new Uint8Array(Buffer.from('<body>shell')))
    stream.flush()
    await new Promise((r) => setImmediate(r))
    expect(chunks).toEqual(['<!DOCTYPE html><html><body>shell'])
    stream.flush()
    stream.write(Buffer.from('<template>late</template>'))
    stream.end(Buffer.from('</body></html>'))
    await new Promise((r) => stream.on('end', r))
    expect(chunks).toEqual(['<!DOCTYPE html><html><body>shell', '<template>late</template></body></html>'])
  })
})
