/** Minimal leveled logger: one line per event, never secrets (passwords, tokens, cookies). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Logger {
  const emit = (at: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const extra = fields ? ' ' + JSON.stringify(fields) : '';
    write(`${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${extra}`);
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
