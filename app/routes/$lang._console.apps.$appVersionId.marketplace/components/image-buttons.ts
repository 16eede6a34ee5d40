/** The small buttons of the listing's image fields (Move, Remove, choose and upload files). */
export const smallButton =
  "inline-flex min-h-11 items-center rounded-md border border-gray-400 bg-white px-3 py-1 text-sm font-semibold text-gray-900 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-500";
