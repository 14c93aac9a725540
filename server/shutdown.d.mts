// Types of server/shutdown.mjs for the TypeScript that imports it (tests).
export declare const DEFAULT_SHUTDOWN_GRACE_SECONDS: number
export declare const SHUTDOWN_FINISH_MS: number
export declare function parseShutdownGrace(value: string | undefined): number
