/* The console's CSP forbids eval: zod must not try it (read by zod when it loads). */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
