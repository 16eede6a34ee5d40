// CONSOLE_BUILD_DIR puts the whole build (server and browser assets) in another folder, so
// that runs side by side (an e2e run beside `npm start`) do not overwrite each other's build.
const buildDir = process.env.CONSOLE_BUILD_DIR;

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ...(buildDir
    ? { serverBuildPath: `${buildDir}/index.js`, assetsBuildDirectory: `${buildDir}/assets` }
    : {}),
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  postcss: true,
  tailwind: false,
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/, /^@conform-to/],
};
