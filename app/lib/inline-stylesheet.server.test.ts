import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readClientStylesheet } from './inline-stylesheet.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-inline-css-'))
const client = path.join(dir, 'client')
fs.mkdirSync(path.join(client, 'assets'), { recursive: true })
fs.writeFileSync(path.join(client, 'assets/app-abc.css'), 'body{color:red}')
fs.writeFileSync(path.join(client, 'assets/app-abc.js'), 'alert(1)')
fs.writeFileSync(path.join(dir, 'secret.css'), 'secret{}')

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('readClientStylesheet', () => {
  it('reads a built stylesheet by its URL path', () => {
    expect(readClientStylesheet('/assets/app-abc.css', client)).toBe('body{color:red}')
  })

  it('keeps what it read: a later change to the file is not seen (the build is fixed)', () => {
    fs.writeFileSync(path.join(client, 'assets/app-abc.css'), 'body{color:blue}')
    expect(readClientStylesheet('/assets/app-abc.css', client)).toBe('body{color:red}')
  })

  it('gives null, so the page links the file, for anything but a stylesheet inside the build', () => {
    expect(readClientStylesheet('/assets/missing.css', client)).toBeNull()
    expect(readClientStylesheet('/assets/app-abc.js', client)).toBeNull()
    expect(readClientStylesheet('/../secret.css', client)).toBeNull()
    expect(readClientStylesheet('/assets/../../secret.css', client)).toBeNull()
    expect(readClientStylesheet('assets/app-abc.css', client)).toBeNull()
  })
})
