/** Structured JSON logs of the console. */
import pino from "pino";

export const logger = pino({
  name: "console",
  base: { service: "console" },
  level: process.env.LOG_LEVEL ?? "info",
  timestamp: pino.stdTimeFunctions.isoTime,
});
