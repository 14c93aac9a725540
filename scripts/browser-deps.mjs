// What the Playwright tests need from the system: Debian's Chromium and the fonts that render Hindi
// (Lohit Devanagari) and Russian (DejaVu) pages. npm cannot install these; apt-get can.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const APT_PACKAGES = ['chromium', 'fonts-lohit-deva', 'fonts-dejavu-core']

/** The one command a non-root user runs to install what the browser tests need. */
export const INSTALL_COMMAND = `sudo apt-get install -y ${APT_PACKAGES.join(' ')}`

const FONTS = [
  { label: 'the Lohit Devanagari font (fonts-lohit-deva)', family: /lohit devanagari/i, file: /lohit-devanagari/i },
  { label: 'the DejaVu fonts (fonts-dejavu-core)', family: /dejavu/i, file: /dejavu/i },
]

function installedFontNames() {
  const fcList = spawnSync('fc-list', [':', 'family', 'file'], { encoding: 'utf8' })
  if (fcList.status === 0) return fcList.stdout
  // No fontconfig tools: look for the font files where Debian puts them.
  const dirs = ['/usr/share/fonts', '/usr/local/share/fonts', path.join(os.homedir(), '.fonts')]
  return dirs
    .flatMap((dir) => {
      try {
        return fs.readdirSync(dir, { recursive: true }).map(String)
      } catch {
        return []
      }
    })
    .join('\n')
}

/** Lists what the browser tests need but this machine lacks (empty when all is there). */
export function checkBrowserDeps() {
  const missing = []
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  try {
    fs.accessSync(chromium, fs.constants.X_OK)
  } catch {
    missing.push(`Chromium at ${chromium}`)
  }
  const fonts = installedFontNames()
  for (const font of FONTS) if (!font.family.test(fonts) && !font.file.test(fonts)) missing.push(font.label)
  return missing
}

/** Installs Chromium and the fonts with apt-get; only for root, as `.ci/run` does. */
export function installBrowserDeps() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const update = spawnSync('apt-get', ['update', '-q'], { env, stdio: 'inherit' })
  if (update.status !== 0) console.error('[test] apt-get update failed; trying the install with the cached package lists')
  const install = spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...APT_PACKAGES], { env, stdio: 'inherit' })
  if (install.status !== 0) console.error(`[test] apt-get install failed (exit ${install.status ?? install.error?.message})`)
}
