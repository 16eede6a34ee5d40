/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  postcss: true,
  tailwind: false,
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/, /^@conform-to/],
};
