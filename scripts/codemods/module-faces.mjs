#!/usr/bin/env node
// Module faces (ADR 027): rewrites every import that reaches into another module's files to that
// module's face (`~/modules/<m>` for browser-safe files, `~/modules/<m>/index.server` for *.server
// files), then writes each face (app/modules/<m>/index.ts, index.server.ts) with exactly the names
// other code imports through it. Idempotent: a second run changes nothing; re-run it after a merge.
//
//   node scripts/codemods/module-faces.mjs          rewrite and regenerate
//   node scripts/codemods/module-faces.mjs --check  exit 1 (and list the files) if anything would change
//
// Dynamic import() is left as it is: a lazily loaded chunk names the one file it needs, since a face
// would load the whole module.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOT = path.resolve(import.meta.dirname, '../..')
const APP = path.join(ROOT, 'app')
const MODULES = path.join(APP, 'modules')
const FACES = { browser: 'index.ts', server: 'index.server.ts' }
const check = process.argv.includes('--check')

const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/')
const moduleNames = fs.readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) walk(p, out)
    else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

/** The module a file belongs to, or null. */
function moduleOf(file) {
  const r = path.relative(MODULES, file)
  if (r.startsWith('..')) return null
  const m = r.split(path.sep)[0]
  return moduleNames.includes(m) ? m : null
}

/** The absolute path (without extension) a specifier names, or null for a package. */
function resolveSpecifier(spec, fromFile) {
  if (spec.startsWith('~/')) return path.join(APP, spec.slice(2))
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec)
  return null
}

/** The module a specifier's target (a file without extension, or a module's folder) is in, or null. */
const moduleOfTarget = (target) => (fs.existsSync(target) && fs.statSync(target).isDirectory() ? moduleOf(path.join(target, 'index.ts')) : moduleOf(target + '.ts'))

/** Which face a module file belongs behind. */
const faceKind = (target) => (/\.server(\.tsx?)?$/.test(target) ? 'server' : 'browser')
const faceSpecifier = (m, kind) => (kind === 'server' ? `~/modules/${m}/index.server` : `~/modules/${m}`)

/** A face file's target, if `target` (a path without extension) names one. */
function faceOf(target) {
  const m = moduleOfTarget(target)
  if (!m) return null
  const r = path.relative(path.join(MODULES, m), target).split(path.sep).join('/')
  if (r === '' || r === 'index') return { module: m, kind: 'browser' }
  if (r === 'index.server') return { module: m, kind: 'server' }
  return null
}

/** name → source file (relative to the module, without extension), as the face on disk says now. */
function readFace(m, kind) {
  const file = path.join(MODULES, m, FACES[kind])
  const map = new Map()
  if (!fs.existsSync(file)) return map
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier || !st.exportClause || !ts.isNamedExports(st.exportClause)) continue
    for (const el of st.exportClause.elements) map.set(el.name.text, st.moduleSpecifier.text.replace(/^\.\//, ''))
  }
  return map
}

// needs[m][kind]: name → { source, value } (value: imported as a value somewhere, not only as a type)
const needs = Object.fromEntries(moduleNames.map((m) => [m, { browser: new Map(), server: new Map() }]))
const existingFaces = Object.fromEntries(moduleNames.map((m) => [m, { browser: readFace(m, 'browser'), server: readFace(m, 'server') }]))
const problems = []
const changedFiles = []

/** Whether the module file declares `name` itself (rather than re-exporting it from a sibling). */
function declares(m, source, name) {
  const file = ['.ts', '.tsx'].map((ext) => path.join(MODULES, m, source + ext)).find((f) => fs.existsSync(f))
  if (!file) return false
  return new RegExp(`^export (?:declare )?(?:async )?(?:function\\*?|const|let|class|type|interface|enum) ${name}\\b`, 'm').test(fs.readFileSync(file, 'utf8'))
}

function need(m, kind, name, source, value, where) {
  const map = needs[m][kind]
  const had = map.get(name)
  if (had && had.source !== source) {
    // One name reached through two files: the file that declares it wins (the other re-exports it).
    const mine = declares(m, source, name)
    const theirs = declares(m, had.source, name)
    if (mine === theirs) problems.push(`${where}: ${name} comes from both ${m}/${had.source} and ${m}/${source}`)
    else if (mine) return map.set(name, { source, value: value || had.value })
    return map.set(name, { source: had.source, value: value || had.value })
  }
  map.set(name, { source, value: value || Boolean(had?.value) })
}

const files = walk(APP).filter((f) => {
  const base = path.basename(f)
  return !(moduleOf(f) && (base === FACES.browser || base === FACES.server) && path.dirname(f) === path.join(MODULES, moduleOf(f)))
})

for (const file of files) {
  const text = fs.readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const own = moduleOf(file)
  const edits = []
  for (const st of sf.statements) {
    const isImport = ts.isImportDeclaration(st)
    if (!(isImport || ts.isExportDeclaration(st)) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue
    const spec = st.moduleSpecifier.text
    const target = resolveSpecifier(spec, file)
    if (!target) continue
    const m = moduleOfTarget(target)
    if (!m || m === own) continue
    const where = `${rel(file)}: '${spec}'`
    // Named specifiers with their type-ness; anything else cannot go through a face.
    let elements
    let declTypeOnly
    if (isImport) {
      const clause = st.importClause
      if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) {
        problems.push(`${where}: only named imports can go through a face`)
        continue
      }
      elements = clause.namedBindings.elements
      declTypeOnly = clause.isTypeOnly
    } else {
      if (!st.exportClause || !ts.isNamedExports(st.exportClause)) {
        problems.push(`${where}: only named re-exports can go through a face`)
        continue
      }
      elements = st.exportClause.elements
      declTypeOnly = st.isTypeOnly
    }
    const face = faceOf(target)
    const names = elements.map((el) => ({ name: (el.propertyName ?? el.name).text, value: !declTypeOnly && !el.isTypeOnly }))
    if (face) {
      for (const { name, value } of names) {
        const source = existingFaces[m][face.kind].get(name)
        if (!source) problems.push(`${where}: ${name} is not on the face; import it from its file once and re-run`)
        else need(m, face.kind, name, source, value, where)
      }
      continue
    }
    const kind = faceKind(target)
    const source = path.relative(path.join(MODULES, m), target).split(path.sep).join('/')
    for (const { name, value } of names) need(m, kind, name, source, value, where)
    edits.push({ start: st.moduleSpecifier.getStart(sf), end: st.moduleSpecifier.getEnd(), text: `'${faceSpecifier(m, kind)}'` })
  }
  if (edits.length === 0) continue
  let out = text
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  out = mergeFaceImports(out, file)
  if (out !== text) {
    changedFiles.push(rel(file))
    if (!check) fs.writeFileSync(file, out)
  }
}

/** Joins the named imports of one face in a file into one declaration (where the first one was). */
function mergeFaceImports(text, file) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const groups = new Map()
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue
    const spec = st.moduleSpecifier.text
    if (!/^~\/modules\/[^/]+(\/index\.server)?$/.test(spec)) continue
    const nb = st.importClause?.namedBindings
    if (!st.importClause || st.importClause.name || !nb || !ts.isNamedImports(nb)) continue
    const list = groups.get(spec) ?? []
    list.push(st)
    groups.set(spec, list)
  }
  const edits = []
  for (const [spec, decls] of groups) {
    if (decls.length < 2) continue
    const specs = []
    for (const d of decls) {
      for (const el of d.importClause.namedBindings.elements) {
        const typeOnly = d.importClause.isTypeOnly || el.isTypeOnly
        const body = el.propertyName ? `${el.propertyName.text} as ${el.name.text}` : el.name.text
        if (!specs.some((s) => s.body === body)) specs.push({ body, typeOnly })
        else if (!typeOnly) specs.find((s) => s.body === body).typeOnly = false
      }
    }
    specs.sort((a, b) => a.body.localeCompare(b.body))
    const allTypes = specs.every((s) => s.typeOnly)
    const list = specs.map((s) => (s.typeOnly && !allTypes ? `type ${s.body}` : s.body)).join(', ')
    const line = `import ${allTypes ? 'type ' : ''}{ ${list} } from '${spec}'`
    edits.push({ start: decls[0].getStart(sf), end: decls[0].getEnd(), text: line })
    for (const d of decls.slice(1)) {
      let end = d.getEnd()
      if (text[end] === '\n') end++
      edits.push({ start: d.getFullStart() === d.getStart(sf) ? d.getStart(sf) : d.getStart(sf), end, text: '' })
    }
  }
  let out = text
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return out
}

/** The face file's text for what is needed through it, one export line per source file. */
function faceText(m, kind, map) {
  const bySource = new Map()
  for (const [name, { source, value }] of map) {
    const entry = bySource.get(source) ?? { values: [], types: [] }
    ;(value ? entry.values : entry.types).push(name)
    bySource.set(source, entry)
  }
  const lines = [
    `// The ${m} module's face${kind === 'server' ? ' for the server (commands, queries)' : ' (browser-safe: types, schemas, enums, components)'}: the only`,
    `// file of app/modules/${m}/ that routes and other modules import${kind === 'server' ? '' : ' (the server has index.server.ts)'} (ADR 027).`,
    '// Generated by scripts/codemods/module-faces.mjs from what they import: re-run it, do not edit by hand.',
  ]
  for (const source of [...bySource.keys()].sort()) {
    const { values, types } = bySource.get(source)
    const sort = (a) => a.sort((x, y) => x.localeCompare(y))
    if (values.length) lines.push(`export { ${sort(values).join(', ')} } from './${source}'`)
    if (types.length) lines.push(`export type { ${sort(types).join(', ')} } from './${source}'`)
  }
  if (bySource.size === 0) lines.push('export {}')
  return lines.join('\n') + '\n'
}

for (const m of moduleNames) {
  for (const kind of ['browser', 'server']) {
    const file = path.join(MODULES, m, FACES[kind])
    const text = faceText(m, kind, needs[m][kind])
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null
    if (before === text) continue
    changedFiles.push(rel(file))
    if (!check) fs.writeFileSync(file, text)
  }
}

if (problems.length) {
  console.error(`module-faces: ${problems.length} import(s) need a hand:\n  ${problems.join('\n  ')}`)
  process.exitCode = 1
}
if (check && changedFiles.length) {
  console.error(`module-faces: would change ${changedFiles.length} file(s):\n  ${changedFiles.join('\n  ')}`)
  process.exitCode = 1
} else if (!check) {
  console.log(`module-faces: ${changedFiles.length} file(s) changed`)
}
