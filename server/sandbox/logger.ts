import pino from "pino";

/** Structured JSON logs, one line per event. */
export function createLogger(level: pino.LevelWithSilent = "info", name = "sandbox") {
  return pino({ level, name, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}

export type Logger = pino.Logger;
