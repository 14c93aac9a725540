export function factorySocketPath(port: number | string): string
