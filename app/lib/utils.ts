import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names (clsx). It does not resolve Tailwind conflicts (tailwind-merge cost every page
 * 9 kB of JavaScript, issue #11): a className that should replace a primitive's default says so
 * through `overrides` in the primitive, or the caller picks another variant (`variant={null}`).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}

/**
 * Whether `className` has a class starting with one of `prefixes`, as written (`h-` does not match
 * `md:h-9`): a primitive leaves out its default for that property then, e.g. `overrides(className, 'h-')`.
 */
export function overrides(className: string | undefined, ...prefixes: string[]): boolean {
  if (!className) return false
  return className.split(/\s+/).some((token) => prefixes.some((prefix) => token.startsWith(prefix)))
}
