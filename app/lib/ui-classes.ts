/** The class names of the console's buttons and inputs: for a link styled as a button, or an input a component builds itself. */
export type Variant = "primary" | "secondary" | "danger" | "ghost";

const variants: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-gray-400",
  secondary:
    "bg-white text-gray-900 border border-gray-400 hover:bg-gray-100 disabled:text-gray-500",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-gray-400",
  ghost: "bg-transparent text-brand-700 hover:bg-brand-50 underline-offset-2",
};

export const buttonClass = (variant: Variant = "primary", extra = "") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed ${variants[variant]} ${extra}`;

/** An input's or textarea's border shows its error. */
export const inputClass = (error?: string) =>
  `w-full rounded-md border px-3 py-2 text-base text-gray-900 bg-white ${error ? "border-red-700 border-2" : "border-gray-500"}`;
