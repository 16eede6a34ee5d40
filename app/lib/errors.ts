/**
 * An error as the error dialog shows it: the provider's detail, else the
 * action's fallback, else 'An error occurred', with the trace ID.
 */
export interface ShownError {
  detail?: string;
  traceId?: string;
  /** A key of `errors.fallback`. */
  fallback?: string;
}

export function errorText(
  t: (key: string, options?: Record<string, unknown>) => string,
  error: ShownError,
) {
  const message =
    error.detail ?? (error.fallback ? t(`errors.fallback.${error.fallback}`) : t("errors.generic"));
  return {
    message,
    trace: error.traceId ? t("errors.traceId", { traceId: error.traceId }) : undefined,
  };
}

/** The data of a refused post whose body is not a form (the root error boundary words it). */
export interface UnreadableForm {
  formError: "unreadable";
}

export const isUnreadableForm = (data: unknown): data is UnreadableForm =>
  typeof data === "object" &&
  data !== null &&
  (data as { formError?: unknown }).formError === "unreadable";
