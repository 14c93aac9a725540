// CPU time a process has used, from /proc (Linux). Throughput falls when another program takes the CPU;
// CPU time per request hardly moves, so the benchmarks report both.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

let ticksPerSecond: number | undefined

/** user + system CPU milliseconds from one /proc/<pid>/stat line (fields 14 and 15, in clock ticks). */
export function parseProcStat(line: string, hz: number): number {
  // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
  const rest = line.slice(line.lastIndexOf(')') + 2).split(' ')
  const utime = Number(rest[11])
  const stime = Number(rest[12])
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`)
  return ((utime + stime) * 1000) / hz
}

/** CPU milliseconds used so far by `pid`, or null where /proc is missing or the process has gone. */
export function processCpuMs(pid: number): number | null {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
    return parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'), ticksPerSecond)
  } catch {
    return null
  }
}

/** Sum of CPU milliseconds for a set of processes (those that are gone count 0); null without /proc. */
export function processesCpuMs(pids: readonly number[]): Map<number, number> | null {
  if (!fs.existsSync('/proc/self/stat')) return null
  const out = new Map<number, number>()
  for (const pid of pids) {
    const ms = processCpuMs(pid)
    if (ms !== null) out.set(pid, ms)
  }
  return out
}

/** CPU milliseconds used between two samples: each process's growth (a process new in `after` counts whole). */
export function cpuDeltaMs(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}
