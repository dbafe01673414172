/** The slice of the process's event API fisco uses for Ctrl-C and SIGTERM (the process's own, from bin/fisco.js). */
export interface SignalSource {
  on(signal: 'SIGINT' | 'SIGTERM', listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: (signal: NodeJS.Signals) => void): unknown;
  listenerCount(signal: 'SIGINT' | 'SIGTERM'): number;
}

/** In-process runs without a process to signal them. */
export const NO_SIGNALS: SignalSource = { on: () => undefined, off: () => undefined, listenerCount: () => 0 };
