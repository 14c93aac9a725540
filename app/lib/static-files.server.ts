// express.static in front of every page looked each page's path up on disk (build/client/marketplace,
// build/client/products/…) before React Router could answer: a stat per request that never finds
// anything, 2–5 % of a page's CPU time and more of a cached page's (issue 11). The files under
// build/client are fixed by the build, so server/start.mjs lists them once at start and hands a
// request to express.static only when its path could be one of them.
import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

/** Every file and directory under `root` as a URL path ("/favicon.svg", "/locales", "/locales/en/common.json"). */
export function listStaticPaths(root: string): Set<string> {
  const paths = new Set<string>()
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`
      paths.add(urlPath)
      if (entry.isDirectory()) walk(path.join(dir, entry.name), urlPath)
    }
  }
  if (fs.existsSync(root)) walk(root, '')
  return paths
}

/**
 * Whether express.static (send) could do anything for this path: serve a file, redirect a directory
 * to its trailing slash, serve a directory's index.html, or refuse a malformed or climbing path
 * (400/403). Anything else it would stat, not find and pass on.
 */
export function mayBeStatic(paths: ReadonlySet<string>, urlPath: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return true
  }
  if (decoded.includes('\0') || decoded.includes('..') || decoded.includes('\\')) return true
  const normalized = path.posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`)
  if (normalized.endsWith('/')) return paths.has(`${normalized}index.html`)
  return paths.has(normalized)
}

/** `serve` (express.static for `root`), called only for requests whose path may be one of root's files. */
export function staticFilesOnly(root: string, serve: RequestHandler): RequestHandler {
  const paths = listStaticPaths(root)
  return (req, res, next) => {
    if (!mayBeStatic(paths, req.path)) return next()
    return serve(req, res, next)
  }
}
